import { chmodSync, closeSync, existsSync, openSync, readSync } from 'node:fs';
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

export type DbKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DbHandle = { db: Db; kind: DbKind; close: () => Promise<void> };

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

/** Bytes of one copy of the WAL-index header (WalIndexHdr); the file starts with two. */
const HEADER_COPY = 48;

/**
 * Whether any connection, this process's or another's, may have committed since the last look, read from the
 * header of the WAL index (the database's -shm file; https://sqlite.org/walformat.html, "The WAL-Index
 * Header"): one pread instead of the read transaction `pragma data_version` opens (a file lock taken and
 * released, the costliest step of the auth check every request pays). Every commit rewrites the header (its
 * change counter, last frame and checksums), and so does a WAL reset or a recovery. SQLite writes the header's
 * second copy, then its first: two unequal copies mean a write in progress, and the caller then asks SQLite.
 *
 * The header is read once per turn of the event loop: the requests whose bytes one poll of the sockets
 * brought share that read (50 busy connections bring about 25 per poll here; the pread cost ~10 µs per
 * request under load, an eighth of an auth-checked call). Another process's commit is so seen by every
 * request this process reads from the next turn on, within milliseconds: the "invalidated on every server
 * process" that issue 8 asks of a cache, without a message to lose. A commit made in this process, through any
 * connection, moves the generation at once (writesInThisProcess ends the shared read; the connection's own
 * write count is part of the generation).
 */
class WalHeaderWatch {
  readonly #file: string;
  #fd: number | null = null;
  readonly #read = Buffer.alloc(HEADER_COPY * 2);
  readonly #seen = Buffer.alloc(HEADER_COPY);
  #epoch = 0;
  /** The epoch read in this turn of the event loop, until the turn's end (setImmediate) or a local write. */
  #thisTurn: number | undefined;
  #thisTurnWrites = 0;
  readonly #endTurn = (): void => {
    this.#thisTurn = undefined;
  };
  constructor(database: string) {
    this.#file = `${database}-shm`;
  }

  /** A number that moves whenever the header changed since the last look; undefined when unsure. */
  now(): number | undefined {
    if (this.#thisTurn !== undefined && this.#thisTurnWrites === writesInThisProcess) return this.#thisTurn;
    // SQLite makes the index file at its first read in WAL mode; until then the caller asks SQLite.
    if (this.#fd === null) {
      if (!existsSync(this.#file)) return undefined;
      this.#fd = openSync(this.#file, 'r');
    }
    const b = this.#read;
    if (readSync(this.#fd, b, 0, b.length, 0) < b.length) return undefined;
    // Byte 12 is isInit: an index not yet built (or being rebuilt) says nothing.
    if (b[12] === 0 || b.compare(b, HEADER_COPY, HEADER_COPY * 2, 0, HEADER_COPY) !== 0) return undefined;
    if (b.compare(this.#seen, 0, HEADER_COPY, 0, HEADER_COPY) !== 0) {
      b.copy(this.#seen, 0, 0, HEADER_COPY);
      this.#epoch++;
    }
    if (this.#thisTurn === undefined) setImmediate(this.#endTurn);
    this.#thisTurn = this.#epoch;
    this.#thisTurnWrites = writesInThisProcess;
    return this.#epoch;
  }

  close(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
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
      !database.memory && database.pragma('journal_mode', { simple: true }) === 'wal'
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
    const epoch = this.#watch?.now();
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
