/** When a repeating job first runs after start, how often it runs after, and where its failures go. */
export interface RepeatingJobOptions {
  firstRunMs: number;
  intervalMs: number;
  log?: ((error: unknown) => void) | undefined;
}

/**
 * Runs `work` once `firstRunMs` after start and then every `intervalMs`, never two at once (a run
 * still going when the next is due makes that one skip). A failure goes to `log` and the next run
 * comes as planned. The timers do not hold the process open. Answers a stop function.
 */
export function startRepeatingJob<Result>(
  work: () => Promise<Result>,
  options: RepeatingJobOptions & { done?: ((result: Result) => void) | undefined },
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    work()
      .then((result) => options.done?.(result))
      .catch((error: unknown) => options.log?.(error))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, options.firstRunMs);
  const every = setInterval(tick, options.intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
