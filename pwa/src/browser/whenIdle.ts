/** Runs `fn` when the browser is next idle (soon at most): requestIdleCallback, or a short timer without it. */
export function whenIdle(fn: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 200);
}

/** A long task: 50 ms or more on the main thread, what keeps a tap from being answered. */
const LONG_TASKS = 'longtask';

/**
 * Runs `fn` once the page has settled: no long task for `quietMs`, then an idle moment. For background work
 * that must not compete with a screen's start on a slow phone (preloading the next screens' code, registering
 * the service worker): a tap on the screen just drawn is answered first. A page that never goes quiet still
 * gets it after `maxMs`; without long-task timing, `quietMs` after the call. Returns a cancel.
 */
export function whenSettled(fn: () => void, quietMs = 1500, maxMs = 10_000): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  let cancelled = false;
  const run = () => {
    if (done) return;
    done = true;
    stop();
    // A cancel while waiting for the idle moment still holds.
    whenIdle(() => !cancelled && fn());
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(run, quietMs);
  };
  const observer =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes(LONG_TASKS)
      ? new PerformanceObserver(arm)
      : null;
  const ceiling = setTimeout(run, maxMs);
  const stop = () => {
    clearTimeout(timer);
    clearTimeout(ceiling);
    observer?.disconnect();
  };
  observer?.observe({ type: LONG_TASKS });
  arm();
  return () => {
    cancelled = done = true;
    stop();
  };
}
