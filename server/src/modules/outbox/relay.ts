import type { AppContext } from '../../context';
import { runEvery } from '../../lib/every';
import { relayDueMail } from './outbox';

/**
 * Sends the outbox's due mail: a look every second, on one instance at a time (the lock; each mail
 * is claimed besides, so two relays at once still send it once). Stopping ends the drain after the
 * claim under way and waits for it, so a graceful shutdown does not leave mails to be sent again
 * after their claim lapses.
 */
const EVERY_MS = 1_000;
/** A relay that died holds the lock no longer than this (its claims protect the mails meanwhile). */
const LOCK_MS = 30_000;

export function startOutboxRelay(ctx: AppContext): { stop(): Promise<void> } {
  let stopping = false;
  const relay = runEvery(EVERY_MS, () => ctx.locks.runExclusive('outbox', LOCK_MS, () => relayDueMail(ctx, () => stopping)), (err) => ctx.log.error({ err }, 'the outbox relay failed'));
  return {
    async stop() {
      stopping = true;
      await relay.stop();
    },
  };
}
