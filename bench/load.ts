/** autocannon with the settings every HTTP phase shares, so baseline and subject differ only in the server. */
import autocannon, { type Options, type Result } from 'autocannon';
import { settings } from './settings';

export type LoadOptions = Omit<Options, 'connections' | 'pipelining' | 'duration'> & { duration?: number };

export async function load(opts: LoadOptions): Promise<Result> {
  return autocannon({
    connections: settings.connections,
    pipelining: 1,
    duration: settings.seconds,
    ...opts,
  });
}

/** Completed responses per second over the measured duration. */
export const perSecond = (result: Result): number => result.requests.total / result.duration;
