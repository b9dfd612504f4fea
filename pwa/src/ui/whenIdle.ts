/** Runs `fn` when the browser is next idle (soon at most): requestIdleCallback, or a short timer without it. */
export function whenIdle(fn: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 200);
}
