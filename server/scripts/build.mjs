// Compiles the server to plain JavaScript in dist/: production runs `node dist/server.js`, not
// TypeScript compiled at every start (bench/startup.ts measures the difference).
// Our own code and the contract workspace (TypeScript source) are bundled; npm packages stay
// external, loaded from node_modules as usual (native addons, pdfkit's data files, fonts).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@gradus/'));
// --outdir lets a test build a copy of its own (it must stay inside server/, where node_modules resolve).
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? path.resolve(process.argv[at + 1]) : path.join(root, 'dist');

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'src/server.ts',
    admin: 'src/cli/admin.ts',
    // Its own entry: ticket-printer.ts starts it as a worker thread from beside itself.
    'ticket-printer-worker': 'src/modules/doctor/exams/ticket-printer-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  // Readable stack traces without --enable-source-maps (which slows every Error's stack): names
  // are kept and nothing is minified; the maps are there for a debugger.
  sourcemap: 'linked',
  keepNames: true,
  logLevel: 'warning',
});
console.log(`server built into ${path.relative(process.cwd(), outdir) || 'dist'} in ${Date.now() - started} ms`);
