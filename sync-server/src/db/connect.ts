import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
} from 'kysely';
import { migrateToLatest } from '@lawfirm/migrations';
import type { Database } from './schema.ts';

export type DbKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DbHandle = { db: Db; kind: DbKind; close: () => Promise<void> };

/**
 * Write transactions on SQLite must begin IMMEDIATE: a deferred transaction that reads and then writes fails
 * with SQLITE_BUSY instead of waiting for the busy timeout when another writer holds the lock (DESIGN §7).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

function sqliteDialect(file: string): Dialect {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives power loss, not only a process crash.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver({ database }),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

// PostgreSQL returns bigint (int8) as text by default; our counts and versions fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * An idle connection the server ends (a PostgreSQL restart, a dropped test database) must not crash the
 * process: the pool reports it here and opens a new connection for the next query.
 */
function pgPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined);
  return pool;
}

export async function openDatabase(url: string): Promise<DbHandle> {
  const isPg = /^postgres(ql)?:\/\//.test(url);
  const db = isPg
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: pgPool(url) }) })
    : new Kysely<Database>({ dialect: sqliteDialect(url.replace(/^sqlite:/, '')) });
  await migrateToLatest(db);
  return { db, kind: isPg ? 'postgres' : 'sqlite', close: () => db.destroy() };
}
