import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';

/**
 * Background jobs (issue #12): work that outlasts the request that asks for it (a session's
 * tickets, thousands of PDFs), run where there is room, tried again when it fails, and not lost
 * with the process that ran it.
 * - With REDIS_URL: BullMQ queues on Redis. Any instance's worker takes the next job; a job whose
 *   worker died (its lock lapsed) is taken over by another; a failed try waits and goes again.
 * - Without it: the same interface in this process, one job of a kind at a time; what was under
 *   way when the process stopped is added again at the next start by its owner (it knows, from its
 *   own rows, what was not finished).
 * A job's id makes adding it twice add it once.
 */
export interface JobQueue {
  add(kind: string, id: string, data: Record<string, unknown>): Promise<void>;
  /** Runs jobs of `kind` on this instance: `attempt` counts from 1; the last one is `attempt === JOB_ATTEMPTS`. */
  work(kind: string, run: (data: Record<string, unknown>, attempt: number) => Promise<void>): void;
  /** Jobs waiting (or waiting to be tried again) and running, by kind. */
  depth(kind: string): Promise<number>;
  /** Where a job stands: 'unknown' when the queue does not hold it (never added, or lost with its process or Redis). */
  state(kind: string, id: string): Promise<JobState>;
  /** Stops taking jobs of `kind` here and waits for the one running here to end (a run may throw JobInterrupted to end early). */
  stop(kind: string): Promise<void>;
  /** Stops taking jobs and waits for the ones running here. */
  close(): Promise<void>;
}

export type JobState = 'waiting' | 'active' | 'delayed' | 'completed' | 'failed' | 'unknown';

/**
 * Thrown by a run cut short because this instance is stopping: the job goes back to wait for another
 * instance (Redis) or the next start (in-process) without using up one of its tries.
 */
export class JobInterrupted extends Error {
  constructor() {
    super('the instance running this job is stopping');
  }
}

/** The kinds of job there are (a queue each): named here, where the back office's overview finds them too. */
export const JOB_KIND = { ticketPrinting: 'ticket-printing' } as const;

/** Tries of a job before it is given up: a failure that three tries in a row meet is not a passing one. */
export const JOB_ATTEMPTS = 3;
/** The wait after a failed try: 5 s, then 10 s. */
export const JOB_BACKOFF_MS = 5_000;

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
/** Tests shorten the waits; production keeps the defaults. */
export interface JobTimings {
  /** The first wait after a failed try; it doubles with each try. */
  backoffMs?: number;
  /** Redis: how long a worker's hold on a running job lasts unless renewed; a dead worker's job is taken over after it. */
  lockMs?: number;
}

const KEPT_IDS = 10_000;

/** One process: a queue per kind, each run one job at a time. */
export function localJobs(log: Log, timings: JobTimings = {}): JobQueue {
  const backoffMs = timings.backoffMs ?? JOB_BACKOFF_MS;
  const runners = new Map<string, (data: Record<string, unknown>, attempt: number) => Promise<void>>();
  const queued = new Map<string, { id: string; data: Record<string, unknown>; attempt: number }[]>();
  const known = new Set<string>();
  const finished = new Map<string, 'completed' | 'failed'>();
  const running = new Map<string, { id: string; done: Promise<void> }>();
  const stopped = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const pump = (kind: string) => {
    if (closed || stopped.has(kind) || running.has(kind)) return;
    const run = runners.get(kind);
    const next = queued.get(kind)?.shift();
    if (!run || !next) return;
    const key = `${kind}/${next.id}`;
    const done = run(next.data, next.attempt)
      .then(() => void finished.set(key, 'completed'))
      .catch((err: unknown) => {
        // Interrupted by a stop: its owner adds it again at the next start (its id is forgotten with this process).
        if (closed || err instanceof JobInterrupted) return;
        if (next.attempt >= JOB_ATTEMPTS) {
          finished.set(key, 'failed');
          return log.error({ err, kind, jobId: next.id, attempt: next.attempt }, 'a background job failed for good');
        }
        log.warn({ err, kind, jobId: next.id, attempt: next.attempt }, 'a background job failed; it will be tried again');
        const timer = setTimeout(() => {
          timers.delete(timer);
          queued.get(kind)!.push({ ...next, attempt: next.attempt + 1 });
          pump(kind);
        }, backoffMs * 2 ** (next.attempt - 1));
        timer.unref();
        timers.add(timer);
      })
      .finally(() => {
        running.delete(kind);
        pump(kind);
      });
    running.set(kind, { id: next.id, done });
  };

  return {
    async add(kind, id, data) {
      if (closed || known.has(`${kind}/${id}`)) return;
      // Ids of jobs done or given up are kept, as BullMQ keeps them, so adding one again is a no-op; the oldest go first.
      known.add(`${kind}/${id}`);
      if (known.size > KEPT_IDS) {
        const oldest = known.values().next().value!;
        known.delete(oldest);
        finished.delete(oldest);
      }
      queued.set(kind, [...(queued.get(kind) ?? []), { id, data, attempt: 1 }]);
      pump(kind);
    },
    work(kind, run) {
      runners.set(kind, run);
      pump(kind);
    },
    async depth(kind) {
      return (queued.get(kind)?.length ?? 0) + (running.has(kind) ? 1 : 0);
    },
    async state(kind, id) {
      const key = `${kind}/${id}`;
      if (running.get(kind)?.id === id) return 'active';
      if (queued.get(kind)?.some((j) => j.id === id)) return 'waiting';
      const end = finished.get(key);
      if (end) return end;
      // Known but neither queued, running nor finished: waiting out its backoff.
      return known.has(key) ? 'delayed' : 'unknown';
    },
    async stop(kind) {
      stopped.add(kind);
      await running.get(kind)?.done;
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running.values()].map((r) => r.done));
    },
  };
}

/**
 * BullMQ on Redis: one queue per kind, named under `prefix` so several portals (or test runs)
 * share a Redis. Workers hold their own blocking connection, as BullMQ requires.
 */
export function redisJobs(url: string, prefix: string, log: Log, timings: JobTimings = {}): JobQueue {
  // BullMQ's workers wait on Redis without a time-out: their commands must never be given up on.
  const connect = () => new Redis(url, { maxRetriesPerRequest: null });
  // Adding a job is part of a request: while Redis is away it fails after one reconnection attempt rather than
  // hang the office's click (the printing's row is written; the minute's resume adds its job once Redis is back).
  const connection = new Redis(url, { maxRetriesPerRequest: 1 });
  connection.on('error', (err) => log.error({ err }, 'jobs: redis'));
  const queues = new Map<string, Queue>();
  const workers: { kind: string; worker: Worker; connection: Redis }[] = [];
  let closed = false;
  const queueOf = (kind: string) => {
    let q = queues.get(kind);
    if (!q) {
      q = new Queue(kind, { connection, prefix: `${prefix}jobs` });
      queues.set(kind, q);
    }
    return q;
  };
  return {
    async add(kind, id, data) {
      // A scheduled resume may still be under way as the instance closes: what it adds then is added by the next one.
      if (closed) return;
      await queueOf(kind).add(kind, data, {
        jobId: id,
        attempts: JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: timings.backoffMs ?? JOB_BACKOFF_MS },
        // Kept a while for the record and so that adding the same id again stays a no-op; not for ever.
        removeOnComplete: { age: 7 * 24 * 3600, count: 1000 },
        removeOnFail: { age: 30 * 24 * 3600, count: 1000 },
      });
    },
    work(kind, run) {
      const own = connect();
      own.on('error', (err) => log.error({ err }, 'jobs: redis'));
      const worker = new Worker(
        kind,
        async (job: Job, token?: string) => {
          try {
            await run(job.data as Record<string, unknown>, job.attemptsMade + 1);
          } catch (err) {
            if (!(err instanceof JobInterrupted)) throw err;
            // Back to wait for another instance, without using up a try.
            await job.moveToWait(token);
            throw new WaitingError();
          }
        },
        {
          connection: own,
          prefix: `${prefix}jobs`,
          concurrency: 1,
          ...(timings.lockMs ? { lockDuration: timings.lockMs, stalledInterval: timings.lockMs } : {}),
        },
      );
      worker.on('failed', (job, err) => log.warn({ err, kind, jobId: job?.id, attempt: (job?.attemptsMade ?? 0) }, 'a background job failed'));
      worker.on('error', (err) => log.error({ err, kind }, 'jobs: worker'));
      workers.push({ kind, worker, connection: own });
    },
    async depth(kind) {
      const counts = await queueOf(kind).getJobCounts('waiting', 'delayed', 'active', 'prioritized');
      return Object.values(counts).reduce((a, b) => a + b, 0);
    },
    async state(kind, id) {
      const state = await queueOf(kind).getJobState(id);
      // BullMQ's finer states (prioritized, waiting for children) are all waiting here.
      return state === 'active' || state === 'delayed' || state === 'completed' || state === 'failed' || state === 'unknown' ? state : 'waiting';
    },
    async stop(kind) {
      for (const w of workers) if (w.kind === kind) await w.worker.close();
    },
    async close() {
      closed = true;
      for (const { worker } of workers) await worker.close();
      for (const q of queues.values()) await q.close();
      for (const { connection: c } of workers) c.disconnect();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
