import { CompiledQuery, type Compilable } from 'kysely';
import { readNowIfIdle, type Db } from './connect.ts';

/**
 * Queries of the sync hot path built and compiled once, then run with new values: Kysely compiles a query's
 * SQL text from its operation tree on every execution, which for the few statements every mutation runs cost
 * as much as running them. `build` makes the query with placeholder values; the SQL text depends only on the
 * query's shape and the dialect, and its parameters come in the order of `build`'s values, so a later run
 * binds `values` in that order. Keyed per database (dialect) and name.
 */
const cache = new WeakMap<object, Map<string, string>>();

function sqlOf<R>(
  db: Db,
  name: string,
  build: (db: Db) => Compilable<R>,
  values: readonly unknown[],
): string {
  // Transactions and savepoints of one database share its executor's adapter; key by the adapter.
  const key = db.getExecutor().adapter;
  let forDb = cache.get(key);
  if (!forDb) cache.set(key, (forDb = new Map()));
  let sqlText = forDb.get(name);
  if (sqlText === undefined) {
    const compiled = build(db).compile();
    if (compiled.parameters.length !== values.length)
      throw new Error(
        `precompiled ${name}: ${compiled.parameters.length} parameters, ${values.length} values`,
      );
    sqlText = compiled.sql;
    forDb.set(name, sqlText);
  }
  return sqlText;
}

export async function runPrecompiled<R>(
  db: Db,
  name: string,
  build: (db: Db) => Compilable<R>,
  values: readonly unknown[],
): Promise<R[]> {
  const r = await db.executeQuery<R>(CompiledQuery.raw(sqlOf(db, name, build, values), [...values]));
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
  return readNowIfIdle<R>(db, sqlOf(db, name, build, values), values);
}
