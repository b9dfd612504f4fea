import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
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
  SelectQueryNode,
  type DatabaseConnection,
  type Dialect,
  type QueryResult,
} from 'kysely';
import { migrateToLatest } from '@lawfirm/migrations';
import type { Database } from './schema.ts';
import { WalHeaderWatch } from './wal-header.ts';
import { readPgPoolMax, speedSwitches } from '../speed/switches.ts';
import { namePreparedStatements } from './pg-prepared.ts';
import { pipelined, pipelinedWriterDb } from './pg-pipeline.ts';

export type DbKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DbHandle = {
  db: Db;
  kind: DbKind;
  /** The push writer's own pipelined connection on PostgreSQL (db/pg-pipeline.ts); else the writer uses `db`. */
  writer?: Db;
  close: () => Promise<void>;
};

/** Prepared statements kept per SQL text; the SQL of a query repeats with every request, only its values differ. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Statements that may have written, run through any SQLite connection of this process: a read of the WAL
 * index header shared within a turn (WalHeaderWatch) is not shared past one of them, so a commit made in this
 * process, through any of its connections, is seen by the very next check.
 */
let writesInThisProcess = 0;

/**
 * The one connection to the database file. Statements are prepared once per SQL text and reused (preparing
 * cost about as much as running the small queries of a request); better-sqlite3 runs a statement to completion
 * synchronously, so a cached statement is never in use twice at once. Streams get a statement of their own.
 */
class CachedSqliteConnection implements DatabaseConnection {
  readonly #db: SQLite.Database;
  readonly #statements = new Map<string, SQLite.Statement>();
  /** Statements run through this connection that may have written (anything not a read). */
  writes = 0;
  constructor(db: SQLite.Database) {
    this.#db = db;
  }

  prepare(sql: string): SQLite.Statement {
    let stmt = this.#statements.get(sql);
    if (stmt) return stmt;
    stmt = this.#db.prepare(sql);
    // Oldest first out: a Map iterates in insertion order.
    if (this.#statements.size >= STATEMENT_CACHE_SIZE)
      this.#statements.delete(this.#statements.keys().next().value!);
    this.#statements.set(sql, stmt);
    return stmt;
  }

  executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.prepare(sql);
    // A write counts whether it answers rows (RETURNING) or not.
    if (!stmt.readonly || !stmt.reader) {
      this.writes++;
      writesInThisProcess++;
    }
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as R[] });
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>({ sql, parameters, query }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    for (const row of this.#db.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
  }
}

/**
 * Write transactions on SQLite must begin IMMEDIATE: a deferred transaction that reads and then writes fails
 * with SQLITE_BUSY instead of waiting for the busy timeout when another writer holds the lock (DESIGN §7).
 *
 * SQLite has one connection, lent to one query or transaction at a time. Waiters queue first come, first served
 * and the release hands the connection to the next one alone: Kysely's own lock wakes every waiter on each
 * release, which under 50 concurrent requests cost more than the queries themselves.
 */
class QueuedSqliteDriver extends SqliteDriver {
  readonly #database: SQLite.Database;
  readonly #connection: CachedSqliteConnection;
  readonly #waiting: (() => void)[] = [];
  readonly #watch: WalHeaderWatch | null;
  #busy = false;
  constructor(database: SQLite.Database) {
    super({ database });
    this.#database = database;
    this.#connection = new CachedSqliteConnection(database);
    // A database in WAL mode on disk has its index file once open; in memory there is none.
    this.#watch =
      speedSwitches().walHeader &&
      !database.memory &&
      database.pragma('journal_mode', { simple: true }) === 'wal'
        ? new WalHeaderWatch(database.name)
        : null;
  }

  override async init(): Promise<void> {}

  /**
   * Runs a read at once, without a turn of the event loop, when the connection is idle (no query or transaction
   * holds it, so the read sees exactly the committed state a queued read would); undefined when it is lent.
   */
  readNow(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
    if (this.#busy) return undefined;
    const stmt = this.#connection.prepare(sql);
    if (!stmt.reader || !stmt.readonly) throw new Error('readNow runs reads only');
    return stmt.all(parameters);
  }

  /**
   * A text that changes whenever the database's data may have changed, read at once when the connection is
   * idle (else undefined): this connection's write count, and the WAL index header's epoch (WalHeaderWatch) or,
   * when that cannot be read, SQLite's data_version; both move when another connection (another process) commits.
   */
  generationNow(): string | undefined {
    if (this.#busy) return undefined;
    const epoch = this.#watch?.now(writesInThisProcess);
    if (epoch !== undefined) return `${this.#connection.writes}.w${epoch}`;
    const v = this.#connection.prepare('pragma data_version').pluck().get() as number;
    return `${this.#connection.writes}.v${v}`;
  }

  override acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(this.#connection);
    }
    return new Promise((resolve) => this.#waiting.push(() => resolve(this.#connection)));
  }

  override async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async destroy(): Promise<void> {
    this.#watch?.close();
    this.#database.close();
  }
}

/** The SQLite driver behind a Kysely instance (its copies and transactions share the adapter). */
const sqliteDrivers = new WeakMap<object, QueuedSqliteDriver>();

/**
 * Which engine a Kysely instance (or a transaction of it) talks to, for the few queries written per engine:
 * every SQLite instance is made by openDatabase, which records its adapter.
 */
export const dbKindOf = (db: Db): DbKind =>
  sqliteDrivers.has(db.getExecutor().adapter) ? 'sqlite' : 'postgres';

/**
 * A read of a request's hot path run synchronously when SQLite's connection is idle (see readNow); undefined on
 * PostgreSQL or when the connection is lent, and the caller then runs the query the usual way.
 */
export function readNowIfIdle<R>(db: Db, sql: string, parameters: readonly unknown[]): R[] | undefined {
  return sqliteDrivers.get(db.getExecutor().adapter)?.readNow(sql, parameters) as R[] | undefined;
}

/**
 * The database file is the firms' records: readable by the server's user only. SQLite gives its -wal and -shm
 * files the mode of the database file; ones left by an older start are set too.
 */
function ownerOnly(file: string): void {
  if (file === ':memory:' || file === '') return;
  closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}

/** generationNow of the database's SQLite driver; undefined on PostgreSQL or when the connection is lent. */
export function dataGenerationNow(db: Db): string | undefined {
  return sqliteDrivers.get(db.getExecutor().adapter)?.generationNow();
}

function sqliteDialect(file: string): Dialect {
  ownerOnly(file);
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives power loss, not only a process crash.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // A push's savepoints (one per device, one per mutation inside it) journal the pages they change in a
  // sub-journal: in a temporary file past 64 KiB, which doubled a mutation's cost; in memory it is bounded by the
  // pages one group commit touches.
  database.pragma('temp_store = MEMORY');
  const driver = new QueuedSqliteDriver(database);
  const adapter = new SqliteAdapter();
  sqliteDrivers.set(adapter, driver);
  return {
    createAdapter: () => adapter,
    createDriver: () => driver,
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

// PostgreSQL returns bigint (int8) as text by default; our counts and versions fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

/** Connections of each server process's PostgreSQL pool (PG_POOL_MAX; speed/switches.ts). */
export const pgPoolSize = (): number => readPgPoolMax(process.env);

/**
 * An idle connection the server ends (a PostgreSQL restart, a dropped test database) must not crash the
 * process: the pool reports it here and opens a new connection for the next query. Each connection names the
 * statements it runs once the migrations are done (db/pg-prepared.ts; a migration changes the tables the
 * statements read).
 */
function pgPool(url: string, ready: () => boolean): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: pgPoolSize() });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => namePreparedStatements(client, ready));
  return pool;
}

export async function openDatabase(url: string): Promise<DbHandle> {
  const isPg = /^postgres(ql)?:\/\//.test(url);
  let migrated = false;
  const db = isPg
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: pgPool(url, () => migrated) }) })
    : new Kysely<Database>({ dialect: sqliteDialect(url.replace(/^sqlite:/, '')) });
  await migrateToLatest(db);
  migrated = true;
  if (!isPg || !speedSwitches().pgPipeline)
    return { db, kind: isPg ? 'postgres' : 'sqlite', close: () => db.destroy() };
  const writer = pipelinedWriterDb(url, () => migrated);
  pipelined.add(writer);
  return {
    db,
    kind: 'postgres',
    writer,
    close: async () => {
      await writer.destroy();
      await db.destroy();
    },
  };
}
