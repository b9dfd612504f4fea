import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.ts';
import { fileSink } from '../files/zip/zip-sinks.ts';
import { ZipWriter } from '../files/zip/zip-writer.ts';
import { openFileStore } from '../files/open-store.ts';
import { keyOfPath, leftOut, listStoredFiles } from './data-folder.ts';
import { BackupError } from './errors.ts';
import { bytes, count, seconds, throttled } from './format.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  SECRET_ENTRY,
  type TBackupManifest,
} from './manifest.ts';
import { namedFilePaths, snapshotSqlite } from './sqlite-snapshot.ts';

export type BackupSummary = {
  file: string;
  engine: 'sqlite' | 'postgres';
  tables: Record<string, number> | null;
  files: number;
  fileBytes: number;
  archiveBytes: number;
  ms: number;
  /** Files named by a row of the snapshot that were not in the data folder (a problem of the live data). */
  missing: string[];
  leftOut: string[];
};

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);
export const sqlitePath = (url: string): string => resolve(url.replace(/^sqlite:/, ''));

const inside = (folder: string, path: string): boolean => {
  const r = relative(folder, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
};

/**
 * Writes one archive of a running server's data: the SQLite database as one snapshot, every stored file, and
 * the generated token secret (data-folder.ts says what is left out and why). On PostgreSQL the database is
 * pg_dump's to back up; the archive then holds the files.
 *
 * Why the snapshot and the files agree, though they are read at different moments:
 * 1. A stored file is in place, whole, before any row naming it commits (blob-store.ts, saveFile, then the
 *    row), and a name's bytes never change (blobs are named by their SHA-256, photos and logos get new names).
 * 2. The only file ever removed is a profile photo replaced by a new one, after its row names the new one.
 * So: pass 1 archives every file present, then the database snapshot is taken, then pass 2 archives the files
 * that appeared since pass 1 looked. A file named by a row of the snapshot existed when the snapshot was taken
 * (1); pass 1 has it, or it came later and pass 2 has it, unless it was removed in between (2: its owner changed
 * their photo twice during the backup, and the restored account shows no photo). Files-only-first would miss
 * every upload that lands during the snapshot; snapshot-only-first would miss a photo replaced during the
 * walk. A file archived but named by no row of the snapshot is harmless (an upload whose row came later).
 */
export async function runBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'fileStore'>>,
  outFile: string,
  log: (line: string) => void = console.log,
): Promise<BackupSummary> {
  const started = performance.now();
  const { dataDir } = config;
  const engine = isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite';
  const databasePath = engine === 'sqlite' ? sqlitePath(config.databaseUrl) : null;
  const out = resolve(outFile);
  if (inside(dataDir, out))
    throw new BackupError(
      `Write the backup outside the data folder (${dataDir}): it would be part of the next backup and would ` +
        'make the folder non-empty for a restore.',
    );
  if (!(await stat(dirname(out)).catch(() => null))?.isDirectory())
    throw new BackupError(`There is no folder ${dirname(out)} to write the backup into.`);
  if (databasePath && !existsSync(databasePath))
    throw new BackupError(
      `No database at ${databasePath}. Run the backup with the same DATA_DIR and DATABASE_URL as the server.`,
    );

  if (engine === 'postgres')
    log(
      'The database is PostgreSQL: this archive holds the stored files, not the database. Back the database ' +
        'up with pg_dump first, then run this backup (database first, then files: see docs/backups.md), e.g.\n' +
        '  pg_dump --format=custom --file=lawfirm-$(date +%F).pgdump "$DATABASE_URL"',
    );
  // The stored files, wherever they are (the data folder, or the S3 store the servers use).
  const store = await openFileStore(config.fileStore ?? { kind: 'folder' }, dataDir);
  log(`Backing up ${dataDir}${databasePath ? ` (database ${databasePath})` : ''} to ${out}`);
  if (store.kind === 's3') log(`  stored files from ${store.where}`);

  const tag = randomBytes(6).toString('hex');
  const partial = `${out}.partial-${tag}`;
  const snapshotPath = `${out}.database-${tag}`;
  // Readable by its owner only: an archive holds every firm's records.
  const zip = new ZipWriter(await fileSink(partial, 0o600), { fileMode: 0o600 });
  const archived = new Map<string, { size: number; sha256: string }>();
  let fileBytes = 0;
  const progress = throttled(log);

  const archiveFiles = async (paths: string[]) => {
    for (const path of paths) {
      if (archived.has(path)) continue;
      const got = await store.get(keyOfPath(path));
      // Gone since it was listed: a replaced profile photo (see above).
      if (!got) continue;
      try {
        const e = await zip.add(path, got.body);
        archived.set(path, { size: e.size, sha256: e.sha256 });
        fileBytes += e.size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      progress(() => `  files: ${count(archived.size)} (${bytes(fileBytes)})…`);
    }
  };

  try {
    await archiveFiles(await listStoredFiles(store));

    let database: TBackupManifest['database'] = null;
    let named: string[] = [];
    if (databasePath) {
      const t0 = performance.now();
      const snap = snapshotSqlite(databasePath, snapshotPath);
      const copy = new SQLite(snapshotPath, { readonly: true });
      try {
        named = namedFilePaths(copy);
      } finally {
        copy.close();
      }
      const e = await zip.add(DATABASE_ENTRY, createReadStream(snapshotPath), { deflate: true });
      const rows = Object.values(snap.tables).reduce((a, b) => a + b, 0);
      database = { size: e.size, sha256: e.sha256, tables: snap.tables, migrations: snap.migrations };
      log(
        `  database: ${bytes(e.size)} (${bytes(e.compressedSize)} compressed), integrity ok, ` +
          `${count(Object.keys(snap.tables).length)} tables, ${count(rows)} rows, in ${seconds(performance.now() - t0)}` +
          (snap.droppedUploads ? `; ${count(snap.droppedUploads)} unfinished upload(s) left out` : ''),
      );
      await rm(snapshotPath, { force: true });
    }

    await archiveFiles(await listStoredFiles(store));

    const secretPath = join(dataDir, SECRET_ENTRY);
    let secret: TBackupManifest['secret'] = null;
    if (existsSync(secretPath)) {
      const e = await zip.add(SECRET_ENTRY, createReadStream(secretPath));
      secret = { size: e.size, sha256: e.sha256 };
    }

    const manifest: TBackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      engine,
      database,
      secret,
      files: [...archived].map(([path, e]) => ({ path, ...e })),
    };
    await zip.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)), { deflate: true });
    // Flushed to disk and closed.
    const archiveBytes = await zip.finish();
    // Renamed into place only once whole and on disk: FILE is a complete backup or untouched.
    await rename(partial, out);

    const missing = named.filter((p) => !archived.has(p));
    const summary: BackupSummary = {
      file: out,
      engine,
      tables: database?.tables ?? null,
      files: archived.size,
      fileBytes,
      archiveBytes,
      ms: performance.now() - started,
      missing,
      leftOut: await leftOut(dataDir, databasePath),
    };
    logSummary(summary, secret !== null, log);
    return summary;
  } catch (e) {
    await zip.abort(e as Error);
    await rm(partial, { force: true });
    await rm(snapshotPath, { force: true });
    throw e;
  }
}

function logSummary(s: BackupSummary, secret: boolean, log: (line: string) => void): void {
  const rows = s.tables ? Object.values(s.tables).reduce((a, b) => a + b, 0) : 0;
  log(`Backup written: ${s.file}`);
  log(
    s.tables
      ? `  database: ${count(Object.keys(s.tables).length)} tables, ${count(rows)} rows`
      : '  database: not included (PostgreSQL: back it up with pg_dump)',
  );
  log(`  files: ${count(s.files)} (${bytes(s.fileBytes)})`);
  log(`  token secret: ${secret ? 'included' : 'not in the data folder (JWT_SECRET is configured)'}`);
  if (s.leftOut.length) log(`  left out of the data folder: ${s.leftOut.join(', ')}`);
  for (const m of s.missing.slice(0, 20))
    log(`  WARNING: ${m} is named by a row but was not in the data folder`);
  if (s.missing.length > 20)
    log(`  WARNING: and ${count(s.missing.length - 20)} more files named by rows are missing`);
  log(`  archive: ${bytes(s.archiveBytes)} in ${seconds(s.ms)}`);
}
