import { useSyncExternalStore } from 'react';

/**
 * Whether the sync chunk (the local database and its engine, loaded after sign-in) failed to load: without it
 * nothing is read from or saved on the device, and the header has to say so rather than leave it in a log.
 */
let failed = false;
const listeners = new Set<() => void>();

export function reportSyncLoadFailure(error: unknown): void {
  console.error('The sync code could not be loaded', error);
  failed = true;
  for (const l of listeners) l();
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => void listeners.delete(onChange);
};

export function useSyncLoadFailed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => failed,
    () => false,
  );
}
