/** Every query of the logs and sessions pages starts with this, so a change can refetch them together. */
export const logsKey = (...rest: unknown[]) => ['staff', 'logs', ...rest] as const;

/**
 * The previous page stays on screen while the next one loads, so the table does not jump; only the
 * same viewer's, never what another account was shown. `viewer` is the query key's third part.
 */
export const samePersonsPrevious = <T>(viewer: string) => (previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined) =>
  previousQuery?.queryKey[3] === viewer ? previous : undefined;
