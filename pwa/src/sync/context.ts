import { createContext } from 'react';
import type { LocalDb } from './db.ts';
import type { SyncEngine } from './engine.ts';

export type TSyncContext = { db: LocalDb; engine: SyncEngine };

/** Null while nobody is signed in. */
export const SyncContext = createContext<TSyncContext | null>(null);
