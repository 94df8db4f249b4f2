// An ESLint import resolver for this repository (interface v2 of eslint-module-utils): the web's
// `@/` alias, `@gradus/contract` (its subpath exports) and TypeScript sources, without a native
// resolver binary (those come per platform, and not every platform's is on every registry mirror).
const fs = require('node:fs');
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const ROOT = __dirname;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function firstFile(base) {
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

exports.interfaceVersion = 2;
exports.resolve = function resolve(source, file) {
  let base = null;
  if (source.startsWith('@/')) base = path.join(ROOT, 'web/src', source.slice(2));
  else if (source === '@gradus/contract') base = path.join(ROOT, 'contract/src/index');
  else if (source.startsWith('@gradus/contract/')) base = path.join(ROOT, 'contract/src', source.slice('@gradus/contract/'.length));
  else if (source.startsWith('.')) base = path.resolve(path.dirname(file), source);
  if (base === null) return nodeResolver.resolve(source, file, {});
  const found = firstFile(base);
  return found ? { found: true, path: found } : { found: false };
};
