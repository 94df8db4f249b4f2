/**
 * Runs `work` every `ms`: never two runs at once (a slow run skips the ticks it overlaps), never what
 * keeps the process alive, a failure reported and the next tick tried again. The schedulers of
 * releases and camp deadlines run on it.
 */
export function runEvery(ms: number, work: () => Promise<unknown>, failed: (err: unknown) => void): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch(failed)
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
