import type { AppContext } from '../../context';
import { fireDueReleases } from './service';

/**
 * Fires confirmed releases at their moment: a look every second for plans that are due (an
 * indexed read of the few scheduled plans). Each plan is claimed as it is published
 * (service.ts fire), so several instances looking at once publish it once.
 */
const EVERY_MS = 1_000;

export function startReleaseScheduler(ctx: AppContext): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    fireDueReleases(ctx)
      .catch((err: unknown) => ctx.log.error({ err }, 'due releases could not be published'))
      .finally(() => (running = false));
  }, EVERY_MS);
  // Never what keeps the process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
