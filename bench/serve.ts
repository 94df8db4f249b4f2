/**
 * One server for the load to hit, in a process of its own, so that autocannon (in the parent)
 * and the server never share an event loop: on 2 cores each gets one, for baseline and subject alike.
 * The parent sends one command, gets back the port, then controls the process over IPC.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { connect, type Connected } from '../server/src/db/dialect';

export type ServeCommand =
  /** The baseline: bare node:http answering the same bytes Gradus answers. */
  | { kind: 'plain'; body: string }
  | { kind: 'gradus'; captchaCode: string; databaseUrl?: string };

/**
 * After 'ready': 'usage' reads this process's CPU time (all threads, argon2's pool included) and
 * the requests it has started per path; profile start/stop CPU-profiles the main thread; 'stop' ends it.
 */
export type ServeControl = 'stop' | 'usage' | { profile: 'start' } | { profile: 'stop'; file: string };

export interface Usage {
  cpuMicros: number;
  started: Record<string, number>;
}

export type ServeReply = { ready: number } | { failed: string } | { usage: Usage } | { profiling: true } | { profiled: string };

interface Started {
  server: http.Server;
  listen: () => Promise<number>;
  close: () => Promise<void>;
}

const portOf = (server: http.Server): number => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

function startPlain(body: string): Started {
  const bytes = Buffer.from(body);
  const server = http.createServer((req, res) => {
    // Drain the request like a real handler would, then answer the fixed JSON.
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      res.end(bytes);
    });
  });
  return {
    server,
    listen: () => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(portOf(server)))),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** PostgreSQL gets a schema of its own, dropped afterwards, so the bench never touches real data. */
async function postgresSchema(url: string): Promise<{ database: Connected; drop: () => Promise<void> }> {
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = connect({ kind: 'postgres', url });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.db.destroy();
  return {
    database: connect({ kind: 'postgres', url, schema }),
    drop: async () => {
      const cleaner = connect({ kind: 'postgres', url });
      await sql`drop schema ${sql.id(schema)} cascade`.execute(cleaner.db);
      await cleaner.db.destroy();
    },
  };
}

async function startGradus(command: Extract<ServeCommand, { kind: 'gradus' }>): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-bench-'));
  // An explicit environment, not process.env: a DATABASE_URL in the shell must not point the bench at real data.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CAPTCHA_TEST_CODE: command.captchaCode,
    WEB_DIST: path.join(dataDir, 'no-web'),
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const pg = command.databaseUrl ? await postgresSchema(command.databaseUrl) : undefined;
  const app = await buildApp({
    config,
    ...(pg ? { database: pg.database } : {}),
    seed: 'demo',
    logger: false,
    // The bench signs in hundreds of times a second from one address: throttling is not what it measures.
    limits: { clientPerMinute: 1_000_000, accountFailures: 1_000_000 },
  });
  return {
    server: app.server,
    listen: async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return portOf(app.server);
    },
    close: async () => {
      await app.close();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function send(reply: ServeReply): void {
  process.send?.(reply);
}

/** Counted when a request starts: every started login runs its argon2 to the end, even if the client has gone. */
const started: Record<string, number> = {};

function usage(): Usage {
  const { user, system } = process.cpuUsage();
  return { cpuMicros: user + system, started: { ...started } };
}

let profiler: Session | undefined;

async function profile(control: Extract<ServeControl, { profile: string }>): Promise<void> {
  if (control.profile === 'start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    return send({ profiling: true });
  }
  if (!profiler) throw new Error('profile stop without start');
  const { profile: cpuProfile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  profiler = undefined;
  fs.mkdirSync(path.dirname(control.file), { recursive: true });
  fs.writeFileSync(control.file, JSON.stringify(cpuProfile));
  send({ profiled: control.file });
}

function countRequests(server: http.Server): void {
  server.prependListener('request', (req: http.IncomingMessage) => {
    const url = req.url ?? '';
    started[url] = (started[url] ?? 0) + 1;
  });
}

process.once('message', (command: ServeCommand) => {
  const starting = command.kind === 'plain' ? Promise.resolve(startPlain(command.body)) : startGradus(command);
  starting
    .then(async ({ server, listen, close }) => {
      countRequests(server);
      const port = await listen();
      let closing = false;
      const shutdown = () => {
        if (closing) return;
        closing = true;
        void close().finally(() => process.exit(0));
      };
      process.on('message', (control: ServeControl) => {
        if (control === 'stop') shutdown();
        else if (control === 'usage') send({ usage: usage() });
        else void profile(control);
      });
      // If the parent dies, so do we: the bench must never leave servers behind.
      process.on('disconnect', shutdown);
      send({ ready: port });
    })
    .catch((err: unknown) => {
      send({ failed: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      process.exit(1);
    });
});
