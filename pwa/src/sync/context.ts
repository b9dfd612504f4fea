import { createContext } from 'react';
import type { liveQuery } from 'dexie';
import type { LocalDb } from './db.ts';
import type { SyncEngine } from './engine.ts';

/**
 * The signed-in user's database and engine, and Dexie's liveQuery, which the screens' hooks observe it with:
 * they come from the sync chunk, loaded after sign-in, so the login page never loads Dexie.
 */
export type TSyncContext = { db: LocalDb; engine: SyncEngine; liveQuery: typeof liveQuery };

/** Null while nobody is signed in. */
export const SyncContext = createContext<TSyncContext | null>(null);
