import type { LocalDb } from './db.ts';

/** Lets actions tell the engine of the same database "something was queued" without importing it. */
const listeners = new WeakMap<LocalDb, Set<() => void>>();

export function onLocalWrite(db: LocalDb, fn: () => void): () => void {
  const set = listeners.get(db) ?? new Set<() => void>();
  listeners.set(db, set);
  set.add(fn);
  return () => void set.delete(fn);
}

export function notifyLocalWrite(db: LocalDb): void {
  listeners.get(db)?.forEach((fn) => fn());
}
