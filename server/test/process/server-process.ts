import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The compiled server as production runs it (`node dist/server.js`), as a child process that a test
 * can stop, kill or talk to over real sockets. Built once per test worker into a directory of its
 * own inside server/ (where node_modules resolve), so parallel files never build over each other.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
let built: string | undefined;

export function compiledServer(): string {
  if (built) return built;
  const outdir = path.join(SERVER_DIR, `dist-test-${process.pid}`);
  execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], { cwd: SERVER_DIR, stdio: 'ignore' });
  built = path.join(outdir, 'server.js');
  return built;
}

/** For a file's afterAll: the build is thrown away once its servers have stopped. */
export function removeCompiledServer(): void {
  if (built) fs.rmSync(path.dirname(built), { recursive: true, force: true });
  built = undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/** Starts the compiled server with `env` on a free port and waits until /readyz answers 200. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [...nodeArgs, compiledServer()], {
    cwd: SERVER_DIR,
    // PUBLIC_URL on the address it listens on: the sandbox gateway's notifications come back to it there.
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`the server exited before it was ready:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${out}`);
    }
    const ready = await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, url, output: () => out, exited };
}
