import { Dexie, liveQuery } from 'dexie';
import { mark } from '../browser/marks.ts';
import { clearOnWrite } from '../browser/snapshots.ts';
import type { TSyncContext } from './context.ts';
import { openLocalDb } from './db.ts';
import { SyncEngine } from './engine.ts';
import { http } from '../http/client.ts';

// Any write a screen would show (a pull, an edit, a queued change, in this tab or another) retires the case
// pages' snapshots (browser/snapshots.ts).
Dexie.on('storagemutated', clearOnWrite);

export type TLocalSync = {
  ctx: TSyncContext;
  /** Starts the engine's triggers (a no-op when started). */
  start: () => void;
  /** Ends the engine and closes the database. */
  stop: () => Promise<void>;
};

/**
 * Opens a user's own database at once (reads can start before the app renders) and makes its sync engine,
 * started by the caller (SyncProvider). This module is the sync chunk: local-loader.ts loads it.
 */
export function openLocalSync(userId: string): TLocalSync {
  const db = openLocalDb(userId);
  void db.open().then(
    () => mark('db-open'),
    () => undefined,
  );
  const engine = new SyncEngine({
    db,
    http,
    userId,
  });
  return {
    ctx: { db, engine, liveQuery },
    start: () => engine.start(),
    stop: () => engine.stop().finally(() => db.close()),
  };
}
