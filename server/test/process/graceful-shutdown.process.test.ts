import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeCompiledServer, startServer } from './server-process';

/**
 * systemd and docker stop an instance with SIGTERM: what it was answering is answered, nothing new
 * is taken, and the log it leaves is JSON a collector reads.
 */
describe('a stopping instance', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-shutdown-'));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeCompiledServer();
  });

  it('finishes a request in flight after SIGTERM, refuses new connections, and exits 0', { timeout: 120_000 }, async () => {
    const server = await startServer({ NODE_ENV: 'production', DATA_DIR: dataDir });
    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({});
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let reply = '';
    socket.on('data', (d: Buffer) => (reply += d.toString()));
    const answered = new Promise((resolve) => socket.once('end', resolve));
    socket.write(
      `POST /api/v1/client/portalInfo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 1)}`,
    );
    await new Promise((r) => setTimeout(r, 200));

    server.child.kill('SIGTERM');
    // The listening socket closes: a new connection is refused, so a proxy moves on to another instance.
    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      await new Promise((r) => setTimeout(r, 100));
      refused = await fetch(`${server.url}/healthz`).then(() => false, () => true);
    }
    expect(refused).toBe(true);
    // The first request is still being waited for: it gets its whole answer.
    socket.end(body.slice(1));
    await answered;
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(reply).toContain('"code":0');
    expect(await server.exited).toBe(0);

    // Every line it printed is JSON: the start, each request with its id, the shutdown.
    const lines = server.output().trim().split('\n').map((l) => JSON.parse(l) as { msg: string; reqId?: string });
    expect(lines.map((l) => l.msg)).toContain('Gradus is running');
    expect(lines.map((l) => l.msg)).toContain('shutting down: finishing the requests in flight');
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed.length).toBeGreaterThan(0);
    for (const l of completed) expect(l.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
