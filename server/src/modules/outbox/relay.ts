import type { AppContext } from '../../context';
import { relayDueMail } from './outbox';

/**
 * Sends the outbox's due mail: a look every second, on one instance at a time (the lock; each mail
 * is claimed besides, so two relays at once still send it once). Stopping waits for the mails under
 * way, so a graceful shutdown does not leave them to be sent again after their claim lapses.
 */
const EVERY_MS = 1_000;
/** Longer than a claim of 50 mails takes to send; a relay that died holds the lock no longer than this. */
const LOCK_MS = 30_000;

export function startOutboxRelay(ctx: AppContext): { stop(): Promise<void> } {
  let stopping = false;
  // The run under way, if any: a tick that finds one skips (a long drain is not queued behind itself).
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (stopping || running) return;
    running = ctx.locks
      .runExclusive('outbox', LOCK_MS, () => relayDueMail(ctx, () => stopping))
      .catch((err: unknown) => ctx.log.error({ err }, 'the outbox relay failed'))
      .finally(() => (running = null));
  }, EVERY_MS);
  timer.unref();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
