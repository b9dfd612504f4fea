/**
 * The reads a screen's one query makes, in one read-only transaction, whatever opened the database: Dexie's
 * (the app's live queries, readDexie in db.ts) or plain IndexedDB (readRaw in raw-read.ts), which answers a
 * cold start's first query before Dexie and the sync chunk have loaded. Tables and indexes as Dexie made them
 * (CLIENT_STORES and LOCAL_TABLES in db.ts): a store per table, an index per indexed field, named by it.
 */
export type TRowReader = {
  get: <T>(table: string, id: string) => Promise<T | undefined>;
  /** Rows whose indexed field equals `value`. */
  byIndex: <T>(table: string, index: string, value: string) => Promise<T[]>;
  /** The primary keys of those rows, without reading the rows. */
  keysByIndex: (table: string, index: string, value: string) => Promise<string[]>;
  /** How many rows the table holds. */
  count: (table: string) => Promise<number>;
  /** `limit` rows in the order of an index (rows without the field are not in it), after skipping `offset`. */
  pageByIndex: <T>(table: string, index: string, offset: number, limit: number) => Promise<T[]>;
};

export type TRead = <T>(tables: readonly string[], fn: (r: TRowReader) => Promise<T>) => Promise<T>;
