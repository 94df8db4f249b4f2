import type { AppContext } from '../../context';
import { runEvery } from '../../lib/every';
import { fireDueReleases } from './service';

/**
 * Fires confirmed releases at their moment: a look every second for plans that are due (an
 * indexed read of the few scheduled plans). With several instances one looks at a time (the lock),
 * and each plan is claimed as it is published (service.ts fire), so even two looking at once
 * (a lock lapsed under a stalled holder) publish it once.
 */
const EVERY_MS = 1_000;
/** Short: firing is claimed in the database anyway, so a holder that died must not block releases for long. */
const LOCK_MS = 10_000;

export function startReleaseScheduler(ctx: AppContext): { stop(): Promise<void> } {
  return runEvery(EVERY_MS, () => ctx.locks.runExclusive('releases', LOCK_MS, () => fireDueReleases(ctx)), (err) => ctx.log.error({ err }, 'due releases could not be published'));
}
