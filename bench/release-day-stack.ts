/**
 * Release day on production's shape (docs/deploy.md): three compiled instances on one PostgreSQL
 * database and one Redis, behind nginx, all on this machine beside the load and the baseline. The
 * same applicants, sessions and calls as the one-instance run (release-day-load.ts).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startNginx, type Nginx } from '../server/test/process/nginx';
import { startServer, type ServerProcess } from '../server/test/process/server-process';
import { againstBare, CAPTCHA, median, prepare } from './release-day-load';

export interface StackFigures {
  bareRate: number;
  rate: number;
  ratio: number;
  p99: number;
}

/** Where the services are: BENCH_DATABASE_URL / BENCH_REDIS_URL, else the test suite's. */
export function stackServices(): { pgUrl: string; redisUrl: string } | undefined {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  return pgUrl && redisUrl ? { pgUrl, redisUrl } : undefined;
}

async function onServer(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export async function measureStack(services: { pgUrl: string; redisUrl: string }): Promise<StackFigures> {
  const database = `gradus_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const prefix = `gradus-bench-${randomUUID().slice(0, 8)}:`;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gradus-release-stack-'));
  const dbUrl = new URL(services.pgUrl);
  dbUrl.pathname = `/${database}`;
  const instances: ServerProcess[] = [];
  let nginx: Nginx | undefined;
  await onServer(services.pgUrl, `create database ${database}`);
  try {
    const env = {
      NODE_ENV: 'test',
      CAPTCHA_TEST_CODE: CAPTCHA,
      LOG_LEVEL: 'warn',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: prefix,
      DATA_DIR: path.join(root, 'data'),
      TRUST_PROXY: '1',
    };
    console.log('three instances on PostgreSQL + Redis behind nginx: preparing...');
    const tokens = await prepare(env, { kind: 'postgres', url: dbUrl.toString() });
    // BENCH_PROFILE=1: each instance writes a CPU profile to bench/results when it stops.
    const profiling = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${path.join(import.meta.dirname, 'results')}`] : [];
    const count = Number(process.env.BENCH_STACK_INSTANCES ?? 3);
    instances.push(...(await Promise.all(Array.from({ length: count }, () => startServer(env, 120_000, profiling)))));
    nginx = await startNginx(path.join(root, 'nginx'), instances.map((i) => i.port));
    const rounds = await againstBare(nginx.url, tokens, `${count} instances behind nginx`);
    return {
      bareRate: median(rounds.map((r) => r.bare.requests.average)),
      rate: median(rounds.map((r) => r.gradus.requests.average)),
      ratio: median(rounds.map((r) => r.gradus.requests.average / r.bare.requests.average)),
      p99: median(rounds.map((r) => r.gradus.latency.p99)),
    };
  } finally {
    await nginx?.stop();
    for (const i of instances) i.child.kill(process.env.BENCH_PROFILE === '1' ? 'SIGTERM' : 'SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
    await onServer(services.pgUrl, `drop database if exists ${database} with (force)`);
    const redis = new Redis(services.redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
