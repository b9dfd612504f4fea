import { CompiledQuery, type Compilable } from 'kysely';
import { readNowIfIdle, type Db } from './connect.ts';
import { dynamicTables } from './dynamic-tables.ts';
import { speedSwitches } from '../speed/switches.ts';

/**
 * Queries of the sync hot path built and compiled once, then run with new values: Kysely compiles a query's
 * SQL text from its operation tree on every execution, which for the few statements every mutation runs cost
 * as much as running them. `build` makes the query with placeholder values; the SQL text depends only on the
 * query's shape and the dialect, and its parameters come in the order of `build`'s values, so a later run
 * binds `values` in that order. Keyed per database (dialect) and name.
 *
 * Switch: SPEED_PRECOMPILED_SQL=0 (speed/switches.ts) compiles the query at every run, as Kysely does, and
 * answers no read synchronously. It leans on Kysely handing parameters in the order of the values given and
 * sharing one adapter between a database and its transactions (tripwire: speed-tripwires.test.ts).
 */
const cache = new WeakMap<object, Map<string, string>>();
const SQL_TEXTS_MAX = 2_000;

function checkedSql(name: string, compiled: CompiledQuery, values: readonly unknown[]): string {
  if (compiled.parameters.length !== values.length)
    throw new Error(`precompiled ${name}: ${compiled.parameters.length} parameters, ${values.length} values`);
  return compiled.sql;
}

function sqlOf<R>(
  db: Db,
  name: string,
  build: (db: Db) => Compilable<R>,
  values: readonly unknown[],
): string {
  // Transactions and savepoints of one database share its executor's adapter; key by the adapter.
  if (!speedSwitches().precompiledSql) return checkedSql(name, build(db).compile(), values);
  const key = db.getExecutor().adapter;
  let forDb = cache.get(key);
  if (!forDb) cache.set(key, (forDb = new Map()));
  let sqlText = forDb.get(name);
  if (sqlText === undefined) {
    sqlText = checkedSql(name, build(db).compile(), values);
    // Updates are compiled per set of columns changed: bounded, the texts are made again after a clear.
    if (forDb.size >= SQL_TEXTS_MAX) forDb.clear();
    forDb.set(name, sqlText);
  }
  return sqlText;
}

/** The query `name` compiled once (see above) with `values`, for a caller that sends it itself. */
export const precompiled = <R>(
  db: Db,
  name: string,
  build: (db: Db) => Compilable<R>,
  values: readonly unknown[],
): CompiledQuery<R> => CompiledQuery.raw(sqlOf(db, name, build, values), [...values]);

export async function runPrecompiled<R>(
  db: Db,
  name: string,
  build: (db: Db) => Compilable<R>,
  values: readonly unknown[],
): Promise<R[]> {
  const r = await db.executeQuery<R>(precompiled(db, name, build, values));
  return r.rows;
}

/**
 * A precompiled read answered synchronously where the database can (SQLite with its connection idle:
 * readNowIfIdle), so a request's hot path takes no turn of the event loop; else undefined.
 */
export function readPrecompiledNow<R>(
  db: Db,
  name: string,
  build: (db: Db) => Compilable<R>,
  values: readonly unknown[],
): R[] | undefined {
  if (!speedSwitches().precompiledSql) return undefined;
  return readNowIfIdle<R>(db, sqlOf(db, name, build, values), values);
}

/**
 * Inserts one row, its SQL compiled once per table and set of columns (runPrecompiled): the sync engine writes
 * rows of every entity through here, and compiling the insert cost as much as running it.
 */
export async function insertRowPrecompiled(
  db: Db,
  table: string,
  row: Record<string, unknown>,
): Promise<void> {
  const columns = Object.keys(row);
  await runPrecompiled(
    db,
    `insert ${table} ${columns.join(',')}`,
    (d) =>
      dynamicTables(d)
        .insertInto(table)
        .values(Object.fromEntries(columns.map((c) => [c, null]))),
    columns.map((c) => row[c]),
  );
}

/** Updates the columns of `set` of the row `id`, compiled once per table and set of columns. */
export async function updateRowPrecompiled(
  db: Db,
  table: string,
  id: string,
  set: Record<string, unknown>,
): Promise<void> {
  const columns = Object.keys(set);
  await runPrecompiled(
    db,
    `update ${table} ${columns.join(',')}`,
    (d) =>
      dynamicTables(d)
        .updateTable(table)
        .set(Object.fromEntries(columns.map((c) => [c, null])))
        .where('id', '=', ''),
    [...columns.map((c) => set[c]), id],
  );
}
