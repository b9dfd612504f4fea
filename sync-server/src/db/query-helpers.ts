import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { dbKindOf, type Db } from '../db/connect.ts';

/**
 * `column` contains `text`, ignoring case, the same on SQLite and PostgreSQL: both sides are lower()ed
 * (PostgreSQL's LIKE is case-sensitive, SQLite's is not), and %, _ and \ typed by a user match themselves
 * instead of acting as wildcards (escaped with a backslash, declared by ESCAPE on both). Every LIKE the server
 * runs is built here: each list's text filter (case files and their parties, the library's pages, opinions,
 * users, reference data) and the host-to-firm lookup.
 */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * Runs in the caller's transaction when there is one (a mutator applied by a sync push), else in a new one (a
 * REST call): Kysely cannot nest transactions, and a mutator must work both ways.
 */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute(fn);

/**
 * `column` is one of `ids` (at least one). On PostgreSQL one array parameter, `= any($1)`, so the statement's
 * text is the same whatever the number of ids and its prepared statement serves every list (db/pg-prepared.ts);
 * `in (...)` with a placeholder per id would be a new statement, parsed and planned, for every length.
 */
export function oneOf(db: Db, column: string, ids: readonly string[]): RawBuilder<SqlBool> {
  return dbKindOf(db) === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::text[])`
    : sql<SqlBool>`${sql.ref(column)} in (${sql.join([...ids])})`;
}
