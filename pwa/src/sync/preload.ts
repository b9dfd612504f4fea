/**
 * First answers of local queries, started before the screen that asks them renders: the app starts a route's
 * query as it boots (boot.ts), and the screen's hook (sync/hooks.ts useLiveQuery with the same key) renders
 * with the answer instead of waiting a render, an effect and a query more. Taken once: a later visit queries
 * afresh.
 */
type TPreload = { promise: Promise<unknown>; done: { value: unknown } | null };
const preloads = new Map<string, TPreload>();

/** Starts a query under `key`; answers when it has settled (never rejects: a failed one is simply not used). */
export function preload(key: string, run: () => Promise<unknown>): Promise<void> {
  const p: TPreload = { promise: run(), done: null };
  preloads.set(key, p);
  return p.promise.then(
    (value) => void (p.done = { value }),
    () => void preloads.delete(key),
  );
}

/** The answer of a preloaded query, once it has come: settled at once, or a promise of it. */
export function preloaded(key: string): { value: unknown } | Promise<unknown> | null {
  const p = preloads.get(key);
  return p ? (p.done ?? p.promise) : null;
}

/** The screen has its live answer: the preloaded one is not used again. */
export function forgetPreload(key: string): void {
  preloads.delete(key);
}
