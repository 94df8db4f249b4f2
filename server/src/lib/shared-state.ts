import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Clock } from './clock';
import { MemoryThrottle, type ThrottleStore } from './throttle';

/**
 * What instances of one portal must share when several run behind the proxy (REDIS_URL set), and
 * the same interfaces in-process when one runs alone (the embedded default):
 * - the bus: a change one instance makes to what the others keep in memory (a revoked session,
 *   a changed menu) reaches them at once;
 * - the throttle: one count per address and per account, however the proxy spreads the calls;
 * - locks: scheduled work (releases at their minute, lapsed camp offers) runs on one instance at a time.
 */
export interface SharedState {
  bus: Bus;
  throttle: ThrottleStore;
  locks: Locks;
  /** Throws when the shared store does not answer (readiness: sign-ins and throttles need it). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What travels on the bus; checked on arrival, since anything able to reach Redis could publish. */
const busMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), sessionId: z.number().int() }),
  z.object({ kind: z.literal('userSessions'), userId: z.number().int(), exceptSessionId: z.number().int().optional() }),
  z.object({ kind: z.literal('cache'), key: z.string().max(500).nullable() }),
  z.object({ kind: z.literal('config') }),
]);
export type BusMessage = z.infer<typeof busMessage>;

export interface Bus {
  /** Tells the other instances; this one has already applied the change itself. */
  publish(message: BusMessage): void;
  /** What the other instances publish. */
  subscribe(handler: (message: BusMessage) => void): void;
}

export interface Locks {
  /**
   * Runs `work` unless another instance holds `name`; the lock lapses after `ttlMs` should its
   * holder die. Returns whether this instance ran it.
   */
  runExclusive(name: string, ttlMs: number, work: () => Promise<unknown>): Promise<boolean>;
}

/** One process: nobody else to tell, nobody to wait for. */
export function localState(clock: Clock): SharedState {
  return {
    bus: { publish: () => {}, subscribe: () => {} },
    throttle: new MemoryThrottle(clock),
    locks: { runExclusive: async (_name, _ttl, work) => (await work(), true) },
    ping: async () => {},
    close: async () => {},
  };
}

/** INCR with its window set on the first hit, and the time left, in one step. */
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;
/** Deletes the lock only if this holder still holds it (it may have lapsed and gone to another). */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * The shared state in Redis. `prefix` keeps several portals (or test runs) on one Redis apart.
 * Resolves once the bus is subscribed, so nothing published after start-up is missed.
 */
export async function redisState(url: string, prefix: string, onError: (err: unknown) => void): Promise<SharedState> {
  const origin = randomUUID();
  const channel = `${prefix}bus`;
  // While Redis is away a command waits for one reconnection attempt, then fails: a sign-in then
  // fails with a server error rather than hanging for every applicant at once.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: true });
  const subscriber = redis.duplicate();
  redis.on('error', onError);
  subscriber.on('error', onError);
  await redis.connect();
  await subscriber.connect();
  const handlers: ((m: BusMessage) => void)[] = [];
  subscriber.on('message', (_channel: string, raw: string) => {
    let envelope: { origin?: unknown; message?: unknown };
    try {
      envelope = JSON.parse(raw) as typeof envelope;
    } catch {
      return onError(new Error('bus: a message that is not JSON'));
    }
    if (envelope.origin === origin) return;
    const parsed = busMessage.safeParse(envelope.message);
    if (!parsed.success) return onError(new Error('bus: a message of no known shape'));
    for (const h of handlers) h(parsed.data);
  });
  await subscriber.subscribe(channel);

  const throttle: ThrottleStore = {
    async hit(key, limit, windowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, `${prefix}throttle:${key}`, String(windowMs))) as [number, number];
      return count > limit ? Math.max(ttl, 1) : 0;
    },
    async blockedFor(key, limit) {
      const [count, ttl] = await redis.multi().get(`${prefix}throttle:${key}`).pttl(`${prefix}throttle:${key}`).exec().then((r) => r!.map(([, v]) => v) as [string | null, number]);
      return count !== null && Number(count) >= limit ? Math.max(ttl, 1) : 0;
    },
    async reset(key) {
      await redis.del(`${prefix}throttle:${key}`);
    },
  };

  const locks: Locks = {
    async runExclusive(name, ttlMs, work) {
      const key = `${prefix}lock:${name}`;
      const token = randomUUID();
      if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return false;
      try {
        await work();
      } finally {
        await redis.eval(RELEASE, 1, key, token);
      }
      return true;
    },
  };

  return {
    bus: {
      publish: (message) => void redis.publish(channel, JSON.stringify({ origin, message })).catch(onError),
      subscribe: (handler) => void handlers.push(handler),
    },
    throttle,
    locks,
    async ping() {
      await redis.ping();
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
