import path from 'node:path';

/** Everything the server reads from the environment, in one place (README lists the same table). */
export interface AppConfig {
  port: number;
  host: string;
  nodeEnv: string;
  production: boolean;
  dataDir: string;
  /** postgres://... switches from the embedded SQLite file to PostgreSQL. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Test-only: every captcha's answer is this code. Refused in production. */
  captchaTestCode: string | undefined;
  /** Where links in mail point (the reset link). */
  publicUrl: string;
  /** The built web app served at /, if present. */
  webDist: string;
  /**
   * Behind a reverse proxy: true trusts every hop; a list of addresses or CIDR ranges (the proxy's)
   * believes X-Forwarded-For only from them, so a host that reaches an instance directly cannot
   * choose the address it is throttled by.
   */
  trustProxy: boolean | string;
  logLevel: string;
  /** Sign-in/registration/reset attempts per client address per minute. */
  authRateLimitPerMinute: number;
  /**
   * Whether the built-in sandbox payment gateway takes payments. It marks orders paid without
   * moving money, so it is off in production unless PAYMENT_SANDBOX=1 says otherwise (a rehearsal).
   */
  paymentSandbox: boolean;
  /** How long a stopping instance lets requests in flight finish before it exits anyway. */
  shutdownGraceMs: number;
  /** redis://... : several instances share sessions' revocations, throttles, cache changes and scheduling through it. */
  redisUrl: string | undefined;
  /** Keeps this portal's keys and channel apart from anything else on the same Redis. */
  redisPrefix: string;
  /** A request's headers must all arrive within this (slowloris: a connection held open by trickling headers). */
  headersTimeoutMs: number;
  /** A whole request, body included, must arrive within this (a slow body); long enough for the largest upload on a slow line. */
  requestTimeoutMs: number;
}

export class ConfigError extends Error {}

/** npm runs workspace scripts inside server/; relative paths mean the directory the person typed the command in. */
const baseDir = (env: NodeJS.ProcessEnv) => env.INIT_CWD ?? process.cwd();

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} must be a positive whole number, got ${raw}`);
  return n;
}

function flag(raw: string | undefined, fallback: boolean, name: string): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(`${name} must be 1 or 0, got ${raw}`);
}

function proxyTrust(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  const list = raw.split(',').map((a) => a.trim());
  if (list.every((a) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a))) return list.join(',');
  throw new ConfigError(`TRUST_PROXY must be 1, 0, or the proxy's addresses (e.g. 10.0.0.5,10.0.1.0/24), got ${raw}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got ${env.PORT}`);
  const captchaTestCode = env.CAPTCHA_TEST_CODE || undefined;
  if (captchaTestCode && production) {
    throw new ConfigError('CAPTCHA_TEST_CODE is for automated tests only and must not be set when NODE_ENV=production');
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL; leave it unset for the embedded SQLite database');
  }
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL; leave it unset for one instance');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    nodeEnv,
    production,
    dataDir: path.resolve(baseDir(env), env.DATA_DIR ?? './data'),
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Gradus <no-reply@gradus.local>',
    captchaTestCode,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: env.WEB_DIST ? path.resolve(baseDir(env), env.WEB_DIST) : path.join(import.meta.dirname, '../../web/dist'),
    trustProxy: proxyTrust(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    authRateLimitPerMinute: positiveInt(env.AUTH_RATE_LIMIT_PER_MINUTE, 30, 'AUTH_RATE_LIMIT_PER_MINUTE'),
    paymentSandbox: flag(env.PAYMENT_SANDBOX, !production, 'PAYMENT_SANDBOX'),
    shutdownGraceMs: positiveInt(env.SHUTDOWN_GRACE_MS, 20_000, 'SHUTDOWN_GRACE_MS'),
    redisUrl,
    redisPrefix: env.REDIS_PREFIX || 'gradus:',
    headersTimeoutMs: positiveInt(env.HEADERS_TIMEOUT_MS, 15_000, 'HEADERS_TIMEOUT_MS'),
    requestTimeoutMs: positiveInt(env.REQUEST_TIMEOUT_MS, 120_000, 'REQUEST_TIMEOUT_MS'),
  };
}
