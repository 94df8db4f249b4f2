import type { AppContext } from '../../context';
import { runEvery } from '../../lib/every';
import { fireDueReleases } from './service';

/**
 * Fires confirmed releases at their moment: a look every second for plans that are due (an
 * indexed read of the few scheduled plans). Each plan is claimed as it is published
 * (service.ts fire), so several instances looking at once publish it once.
 */
const EVERY_MS = 1_000;

export function startReleaseScheduler(ctx: AppContext): { stop(): void } {
  return runEvery(EVERY_MS, () => fireDueReleases(ctx), (err) => ctx.log.error({ err }, 'due releases could not be published'));
}
