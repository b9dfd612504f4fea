import type { Db } from './connect.ts';

/** A row of a table named only at run time: columns by name, values as stored. */
export type DynamicRow = Record<string, unknown>;

/**
 * The database with every table name allowed, each row a DynamicRow, for code that reads or writes the table
 * an entity's declaration names (the sync store, system writes, precompiled statements): Kysely types queries
 * by table names known when compiling, so a name known only at run time is declared here once rather than
 * cast at each query. Same connection or transaction as `db` (withTables only widens the type).
 */
export const dynamicTables = (db: Db) => db.withTables<Record<string, DynamicRow>>();
