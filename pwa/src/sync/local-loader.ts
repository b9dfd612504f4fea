import type { TLocalSync } from './local-sync.ts';

/**
 * The signed-in user's database and engine, from the sync chunk (Dexie with it), loaded on the first call for
 * that user. The app calls it before React renders (app/boot.ts) so a screen's first local read never waits
 * for the app's first render; SyncProvider takes the same one.
 */
let current: { userId: string; local: Promise<TLocalSync> } | null = null;

export function loadLocalSync(userId: string): Promise<TLocalSync> {
  if (current?.userId !== userId)
    current = { userId, local: import('./local-sync.ts').then((m) => m.openLocalSync(userId)) };
  return current.local;
}

/** Forgets the user's instance (it was stopped): the next call opens a new one. */
export function forgetLocalSync(local: Promise<TLocalSync>): void {
  if (current?.local === local) current = null;
}
