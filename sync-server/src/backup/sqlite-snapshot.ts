import SQLite from 'better-sqlite3';
import { namedFilesIn, type TReadRows } from '../files/named-files.ts';
import { BackupError } from './errors.ts';
import { FILES_PREFIX } from './manifest.ts';

export type SnapshotInfo = {
  tables: Record<string, number>;
  migrations: string[];
  /** Unfinished uploads dropped from the copy (their bytes are not in the archive). */
  droppedUploads: number;
};

/** Rows per table of an open database, by name (SQLite's own tables left out). */
export function countRows(db: SQLite.Database): Record<string, number> {
  const names = db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name",
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    names.map((n) => [
      n,
      db
        .prepare(`select count(*) from ${quoted(n)}`)
        .pluck()
        .get() as number,
    ]),
  );
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Paths under the data folder (`files/…`) of every stored file the rows of a database name (named-files.ts),
 * for a backup to check against its archive. A value that could not be a stored file's name is reported as
 * the row gives it. A missing table (an older database) names nothing.
 */
export function namedFilePaths(db: SQLite.Database): string[] {
  const tables = new Set(
    db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[],
  );
  const read: TReadRows = (table, columns) =>
    tables.has(table)
      ? (db.prepare(`select ${columns.map(quoted).join(', ')} from ${quoted(table)}`).iterate() as Iterable<
          Record<string, unknown>
        >)
      : [];
  return [...namedFilesIn(read)].map((f) =>
    f.key
      ? `${FILES_PREFIX}${f.key.join('/')}`
      : `${f.table}.${f.column} "${f.name}" (not a stored file's name)`,
  );
}

export function appliedMigrations(db: SQLite.Database): string[] {
  const has = db
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  return has ? (db.prepare('select name from kysely_migration order by name').pluck().all() as string[]) : [];
}

/** "ok", or the first problems `PRAGMA integrity_check` reports. */
export function integrityOf(db: SQLite.Database): string {
  const rows = db.pragma('integrity_check(20)', { simple: false }) as { integrity_check: string }[];
  return rows.map((r) => r.integrity_check).join('; ');
}

/**
 * Copies the live database into `copyPath` as of one moment, while the server keeps writing: `VACUUM INTO`
 * from a read-only connection of this process reads inside one read transaction, so the copy is a committed
 * state of the database (WAL readers do not block the server's writer, nor it them). Chosen over the online
 * backup API (`db.backup()`), which starts over whenever another connection writes between its steps, and so
 * may never finish under a steady stream of pushes. The copy is then checked (`PRAGMA integrity_check`) and
 * counted.
 */
export function snapshotSqlite(databasePath: string, copyPath: string): SnapshotInfo {
  let source: SQLite.Database;
  try {
    source = new SQLite(databasePath, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new BackupError(
      `No database at ${databasePath} (${(e as Error).message}). Run the backup with the same DATA_DIR and ` +
        'DATABASE_URL as the server, as the user the server runs as.',
    );
  }
  try {
    // The server's writer holds its lock for milliseconds at a time; a read transaction only waits at its start.
    source.pragma('busy_timeout = 10000');
    source.prepare('VACUUM INTO ?').run(copyPath);
  } finally {
    source.close();
  }
  const copy = new SQLite(copyPath);
  try {
    const integrity = integrityOf(copy);
    if (integrity !== 'ok')
      throw new BackupError(
        `The database copy failed its integrity check: ${integrity}. The live database may be damaged: ` +
          'keep your earlier backups, and check the server log and the disk.',
      );
    const hasUploads = copy
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'uploads'")
      .get();
    const droppedUploads = hasUploads
      ? copy.prepare('delete from uploads where completed_at is null').run().changes
      : 0;
    return { tables: countRows(copy), migrations: appliedMigrations(copy), droppedUploads };
  } finally {
    copy.close();
  }
}
