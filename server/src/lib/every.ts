/**
 * Runs `work` every `ms`: never two runs at once (a slow run skips the ticks it overlaps), never what
 * keeps the process alive, a failure reported and the next tick tried again. `stop` clears the timer
 * and resolves once a run under way has ended, so a closing app does not pull the database from under
 * it. The schedulers of releases and camp deadlines, the outbox relay and the printings' resume run on it.
 */
export function runEvery(ms: number, work: () => Promise<unknown>, failed: (err: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .then(() => undefined, failed)
      .finally(() => (running = null));
  }, ms);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
