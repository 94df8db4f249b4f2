import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CAPTCHA_CODE } from './fixtures/env';

/**
 * Builds the web app, then starts the real server on a free port with a fresh DATA_DIR (seeded with
 * the demo accounts) and the fixed test captcha. Tests find it through E2E_BASE_URL and E2E_DATA_DIR.
 */
const root = path.resolve(import.meta.dirname, '..');
const ARTIFACTS = path.join(import.meta.dirname, 'artifacts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function waitForStart(child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${timeoutMs} ms:\n${log()}`)), timeoutMs);
    const check = () => {
      if (log().includes('Gradus is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before it was ready:\n${log()}`));
    });
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Always build, into a directory of the suite's own: the suite tests the app as it is now, Vite takes
  // a few seconds, and a developer rebuilding web/dist meanwhile cannot pull the files from under it.
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-e2e-'));
  const webDist = path.join(runDir, 'web');
  const dataDir = path.join(runDir, 'data');
  execFileSync('npm', ['run', 'build', '-w', 'web', '--', '--outDir', webDist, '--emptyOutDir'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The server as production runs it: compiled JavaScript (server/scripts/build.mjs), into a
  // directory of the suite's own for the same reason as the web build.
  const serverDist = path.join(root, 'server', `dist-e2e-${process.pid}`);
  execFileSync(process.execPath, ['server/scripts/build.mjs', '--outdir', serverDist], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  fs.mkdirSync(dataDir);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(serverDist, 'server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      NODE_ENV: 'test',
      CAPTCHA_TEST_CODE: CAPTCHA_CODE,
      PUBLIC_URL: baseURL,
      // The suite signs in far more often than a person would.
      AUTH_RATE_LIMIT_PER_MINUTE: '2000',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's own log is kept beside the screenshots: the first place to look when a test fails.
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const log = fs.createWriteStream(path.join(ARTIFACTS, 'server.log'));
  const collect = (d: Buffer) => {
    output += d.toString();
    log.write(d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await waitForStart(child, () => output, 60_000);

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    log.end();
    fs.rmSync(runDir, { recursive: true, force: true });
    fs.rmSync(serverDist, { recursive: true, force: true });
  };
}
