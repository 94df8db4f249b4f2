import path from 'node:path';

/**
 * Every knob of the run in one place. Defaults keep the whole `npm run bench` near two minutes on
 * a 2-core machine; the environment can stretch a run when a figure looks noisy.
 */
const num = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
};

export const settings = {
  /** Alternating baseline/subject pairs per benchmark; the report gives medians over them. */
  rounds: num('BENCH_ROUNDS', 3),
  /** Seconds per timed phase (each baseline and each subject run). */
  seconds: num('BENCH_SECONDS', 6),
  /** Seconds of untimed load before a series, so the JIT and the caches are warm. */
  warmupSeconds: num('BENCH_WARMUP_SECONDS', 2),
  /** autocannon connections for getUserInfo, and concurrent logins / verify loops for the login benchmark. */
  connections: num('BENCH_CONNECTIONS', 10),
  /** Optional PostgreSQL server; SQLite (the default database) always runs. */
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  /** The whole run is killed after this many seconds, whatever happens (PostgreSQL doubles the work). */
  deadlineSeconds: num('BENCH_DEADLINE_SECONDS', process.env.BENCH_DATABASE_URL ? 480 : 240),
  /** BENCH_PROFILE=1 runs Gradus under --cpu-prof; figures are then not written to the docs. */
  profile: process.env.BENCH_PROFILE === '1',
} as const;

export const GOALS = { userInfo: 0.5, login: 0.8 } as const;

/** CPU profiles land here (git-ignored). */
export const PROFILE_DIR = path.join(import.meta.dirname, 'results');
