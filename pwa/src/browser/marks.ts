/**
 * Performance marks of the app's start (the bench reads them: scripts/bench/open-case.ts). Only the first of
 * each name in a page counts.
 */
export type TMark = 'main' | 'db-open' | 'query' | 'render' | 'idle-preload' | 'preloaded';

export function mark(name: TMark): void {
  const full = `lf:${name}`;
  if (typeof performance === 'undefined' || performance.getEntriesByName(full).length) return;
  performance.mark(full);
}
