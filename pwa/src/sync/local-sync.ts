import { liveQuery } from 'dexie';
import type { TSyncContext } from './context.ts';
import { openLocalDb } from './db.ts';
import { SyncEngine } from './engine.ts';
import { sessionTokens } from './session-tokens.ts';

/**
 * Opens a user's own database and starts its sync engine (SyncProvider loads this chunk after sign-in); `stop`
 * ends the engine and closes the database.
 */
export function startLocalSync(userId: string): { ctx: TSyncContext; stop: () => Promise<void> } {
  const db = openLocalDb(userId);
  const engine = new SyncEngine({
    db,
    baseUrl: '',
    fetch: (input, init) => window.fetch(input, init),
    getToken: sessionTokens.get,
    refreshToken: sessionTokens.refresh,
    userId,
  });
  engine.start();
  return { ctx: { db, engine, liveQuery }, stop: () => engine.stop().finally(() => db.close()) };
}
