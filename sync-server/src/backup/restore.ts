import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { migrationFiles } from '@lawfirm/migrations';
import type { Config } from '../config.ts';
import { isPostgresUrl, sqlitePath } from './backup.ts';
import { BackupError } from './errors.ts';
import { bytes, count, seconds, throttled } from './format.ts';
import {
  BACKUP_VERSION,
  DATABASE_ENTRY,
  isFilesPath,
  MANIFEST_ENTRY,
  SECRET_ENTRY,
  ZBackupHeader,
  ZBackupManifest,
  type TBackupManifest,
} from './manifest.ts';
import { appliedMigrations, countRows, integrityOf } from './sqlite-snapshot.ts';
import { moveFiles } from '../files/move-files.ts';
import { openFileStore, type TFileStoreSettings } from '../files/open-store.ts';
import { NotAZipError, openZip, type ZipEntry, type ZipReader } from '../files/zip/zip-reader.ts';

export type RestoreSummary = {
  dataDir: string;
  files: number;
  fileBytes: number;
  tables: Record<string, number> | null;
  ms: number;
};

/** Staging folders are named so an interrupted restore is recognisable (and refused as "not empty"). */
const STAGING = '.restoring-';
const MAX_MANIFEST = 512 * 1024 * 1024;

const within = (folder: string, path: string): boolean => {
  const r = relative(folder, path);
  return r !== '' && !r.startsWith('..') && !isAbsolute(r);
};

/**
 * Brings a backup back into an empty data folder (and, on SQLite, a database file that does not exist yet):
 * same rows, same files, the same token secret, so devices stay signed in. Every entry is written into a
 * staging folder and checked against the archive's manifest (size and SHA-256) and the database against its
 * integrity check and row counts, and only then renamed into place: a refused or interrupted restore leaves
 * the data folder empty, never half restored.
 *
 * Devices: each device's next pull starts over from a full snapshot (its `sync_clients.scope` is cleared, the
 * mark pull.ts already uses when a device's rights change). A device may have pulled changes made after the
 * backup; its cursor then points past what the restored server has, and it would miss the restored server's
 * next changes under those numbers and keep rows the server no longer has. Starting over costs one full
 * download per device and leaves every device holding exactly what the server holds. Changes a device still
 * has queued (not yet acknowledged by a pull) are sent again and applied.
 */
export async function runRestore(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'fileStore'>>,
  archiveFile: string,
  log: (line: string) => void = console.log,
): Promise<RestoreSummary> {
  const started = performance.now();
  const { dataDir } = config;
  const engine = isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite';
  const databasePath = engine === 'sqlite' ? sqlitePath(config.databaseUrl) : null;
  const archive = resolve(archiveFile);
  if (!(await stat(archive).catch(() => null))?.isFile())
    throw new BackupError(`There is no file ${archive}.`);

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const present = (await readdir(dataDir)).sort();
  if (present.length)
    throw new BackupError(
      `The data folder ${dataDir} is not empty (it holds ${present.slice(0, 5).join(', ')}` +
        `${present.length > 5 ? ', …' : ''}). A restore goes into an empty folder only, so nothing is mixed ` +
        'or overwritten: stop the server, move the folder aside or set DATA_DIR to a new one, and run the ' +
        'restore again.' +
        (present.some((p) => p.startsWith(STAGING))
          ? ` (${STAGING}… is left by an interrupted restore; remove it.)`
          : ''),
    );
  const dbInside = databasePath !== null && within(dataDir, databasePath);
  if (databasePath && !dbInside && [databasePath, `${databasePath}-wal`].some((f) => existsSync(f)))
    throw new BackupError(
      `A database already exists at ${databasePath}. A restore never overwrites one: move it aside, or set ` +
        'DATABASE_URL to a new file, and run the restore again.',
    );

  const zip = await openZip(archive).catch((e: unknown) => {
    if (e instanceof NotAZipError)
      throw new BackupError(`${archive} is not a backup made by npm run backup (${e.message}).`);
    throw e;
  });
  let staging: Staging | null = null;
  let stagedDatabase: string | null = null;
  try {
    const manifest = await readManifest(zip, archive);
    checkEngine(manifest, engine);
    const entries = expectedEntries(zip, manifest, archive);
    if (engine === 'postgres') await checkPostgres(config.databaseUrl);

    log(`Restoring ${archive} (made ${manifest.created_at}) into ${dataDir}`);
    const stage = await stagingFolder(dataDir);
    staging = stage;
    stagedDatabase = !databasePath
      ? null
      : dbInside
        ? join(stage.dir, relative(dataDir, databasePath))
        : `${databasePath}${STAGING}${randomBytes(6).toString('hex')}`;

    const progress = throttled(log);
    let done = 0;
    let fileBytes = 0;
    for (const f of manifest.files) {
      await extract(zip, entries.get(f.path)!, join(stage.dir, ...f.path.split('/')), f, archive);
      done++;
      fileBytes += f.size;
      progress(() => `  files: ${count(done)} of ${count(manifest.files.length)} (${bytes(fileBytes)})…`);
    }
    if (manifest.secret)
      await extract(zip, entries.get(SECRET_ENTRY)!, join(stage.dir, SECRET_ENTRY), manifest.secret, archive);
    if (manifest.database && stagedDatabase) {
      await extract(zip, entries.get(DATABASE_ENTRY)!, stagedDatabase, manifest.database, archive);
      prepareDatabase(stagedDatabase, manifest.database, archive);
    }

    await place(stage, dataDir, dbInside && databasePath ? topLevel(dataDir, databasePath) : null);
    staging = null;
    if (databasePath && !dbInside && stagedDatabase) {
      await rename(stagedDatabase, databasePath);
      stagedDatabase = null;
    }
    if (engine === 'postgres') await resyncDevicesPostgres(config.databaseUrl);
    if (config.fileStore?.kind === 's3') await intoStore(config.fileStore, dataDir, log);

    const summary: RestoreSummary = {
      dataDir,
      files: manifest.files.length,
      fileBytes,
      tables: manifest.database?.tables ?? null,
      ms: performance.now() - started,
    };
    logSummary(summary, manifest, log);
    return summary;
  } catch (e) {
    if (staging) await rm(staging.dir, { recursive: true, force: true });
    if (stagedDatabase && !dbInside) await rm(stagedDatabase, { force: true });
    throw e;
  } finally {
    await zip.close();
  }
}

async function readManifest(zip: ZipReader, archive: string): Promise<TBackupManifest> {
  const notOurs = `${archive} is not a backup made by npm run backup`;
  const entry = zip.entries.find((e) => e.name === MANIFEST_ENTRY);
  if (!entry || entry.size > MAX_MANIFEST) throw new BackupError(`${notOurs} (it has no ${MANIFEST_ENTRY}).`);
  const chunks: Uint8Array[] = [];
  try {
    for await (const c of zip.read(entry)) chunks.push(c);
  } catch (e) {
    if (e instanceof NotAZipError) throw new BackupError(`The backup ${archive} is damaged (${e.message}).`);
    throw e;
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BackupError(`${notOurs} (its ${MANIFEST_ENTRY} is not JSON).`);
  }
  const header = ZBackupHeader.safeParse(json);
  if (!header.success) throw new BackupError(`${notOurs}.`);
  if (header.data.version > BACKUP_VERSION)
    throw new BackupError(
      `${archive} was made by a newer version of the app (backup format ${header.data.version}); ` +
        'upgrade this installation first, then restore.',
    );
  const manifest = ZBackupManifest.safeParse(json);
  if (!manifest.success)
    throw new BackupError(`The backup ${archive} is damaged (its manifest is incomplete).`);
  return manifest.data;
}

function checkEngine(manifest: TBackupManifest, engine: 'sqlite' | 'postgres'): void {
  if (engine === 'postgres' && manifest.database)
    throw new BackupError(
      'This backup holds a SQLite database, but DATABASE_URL points at PostgreSQL. Restore it without ' +
        'DATABASE_URL (or with a SQLite file path), then move the data with your own tools if you must.',
    );
  if (engine === 'sqlite' && !manifest.database)
    throw new BackupError(
      'This backup was made on PostgreSQL and holds the stored files only. Restore the database with ' +
        'pg_restore, set DATABASE_URL to it, then run this restore again for the files.',
    );
}

/** Every entry the manifest names, by name; an archive with other, missing or repeated entries is damaged. */
function expectedEntries(zip: ZipReader, manifest: TBackupManifest, archive: string): Map<string, ZipEntry> {
  const damaged = (why: string) => new BackupError(`The backup ${archive} is damaged (${why}).`);
  const byName = new Map<string, ZipEntry>();
  for (const e of zip.entries) {
    if (byName.has(e.name)) throw damaged(`${e.name} appears twice`);
    byName.set(e.name, e);
  }
  const expected = [
    MANIFEST_ENTRY,
    ...(manifest.database ? [DATABASE_ENTRY] : []),
    ...(manifest.secret ? [SECRET_ENTRY] : []),
    ...manifest.files.map((f) => f.path),
  ];
  for (const f of manifest.files) if (!isFilesPath(f.path)) throw damaged(`a file named ${f.path}`);
  if (new Set(expected).size !== expected.length) throw damaged('its manifest names a file twice');
  for (const name of expected) if (!byName.has(name)) throw damaged(`${name} is missing`);
  if (byName.size !== expected.length) {
    const extra = [...byName.keys()].find((n) => !expected.includes(n));
    throw damaged(`${extra} is not in its manifest`);
  }
  return byName;
}

/** Writes one entry to `path` (new, private), flushed to disk, and checks it is what the manifest says. */
async function extract(
  zip: ZipReader,
  entry: ZipEntry,
  path: string,
  want: { size: number; sha256: string },
  archive: string,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const fh = await open(path, 'wx', 0o600);
  const sha = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of zip.read(entry)) {
      sha.update(chunk);
      size += chunk.byteLength;
      await fh.write(chunk);
    }
    await fh.sync();
  } catch (e) {
    if (e instanceof NotAZipError) throw new BackupError(`The backup ${archive} is damaged (${e.message}).`);
    throw e;
  } finally {
    await fh.close();
  }
  if (size !== want.size || sha.digest('hex') !== want.sha256)
    throw new BackupError(`The backup ${archive} is damaged (${entry.name} does not match its checksum).`);
}

/**
 * Checks the restored database (integrity, row counts as backed up, migrations this app knows) and marks
 * every device to start over at its next pull (see runRestore).
 */
function prepareDatabase(
  path: string,
  want: NonNullable<TBackupManifest['database']>,
  archive: string,
): void {
  const db = new SQLite(path);
  try {
    const integrity = integrityOf(db);
    if (integrity !== 'ok')
      throw new BackupError(`The database in ${archive} fails its integrity check: ${integrity}.`);
    const tables = countRows(db);
    if (JSON.stringify(tables) !== JSON.stringify(want.tables))
      throw new BackupError(
        `The backup ${archive} is damaged (its database's row counts differ from its manifest).`,
      );
    const known = new Set(migrationFiles().map((f) => f.replace(/\.ts$/, '')));
    const unknown = appliedMigrations(db).filter((m) => !known.has(m));
    if (unknown.length)
      throw new BackupError(
        `${archive} was made by a newer version of the app (its database has migration ${unknown[0]}); ` +
          'upgrade this installation first, then restore.',
      );
    db.prepare("update sync_clients set scope = ''").run();
  } finally {
    db.close();
  }
}

async function withPostgres<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** On PostgreSQL the database is restored first (pg_restore); this restore then brings the files. */
async function checkPostgres(url: string): Promise<void> {
  const has = await withPostgres(url, (c) => c.query("select to_regclass('sync_clients') as t")).catch(
    (e: unknown) => {
      throw new BackupError(`Cannot reach the PostgreSQL database of DATABASE_URL: ${(e as Error).message}`);
    },
  );
  if (!has.rows[0]?.t)
    throw new BackupError(
      'The PostgreSQL database of DATABASE_URL is empty. Restore it first with pg_restore (see ' +
        'docs/backups.md), then run this restore for the files.',
    );
}

async function resyncDevicesPostgres(url: string): Promise<void> {
  await withPostgres(url, (c) => c.query("update sync_clients set scope = ''"));
}

type Staging = { dir: string; inside: boolean };

/**
 * Beside the data folder when it can be (one rename then puts the whole restore in place); inside it when the
 * data folder is a mount point (a Docker volume: a rename cannot cross into it) or its parent is not writable.
 */
async function stagingFolder(dataDir: string): Promise<Staging> {
  const parent = dirname(dataDir);
  try {
    if ((await stat(parent)).dev === (await stat(dataDir)).dev)
      return { dir: await mkdtemp(join(parent, `${STAGING}${basename(dataDir)}-`)), inside: false };
  } catch {
    // Not writable: staged inside below.
  }
  return { dir: await mkdtemp(join(dataDir, STAGING)), inside: true };
}

const topLevel = (dataDir: string, path: string) => relative(dataDir, path).split(sep)[0]!;

/** Moves the staged restore into the (still empty) data folder; the database's entry last when one by one. */
async function place(staging: Staging, dataDir: string, databaseEntry: string | null): Promise<void> {
  const changed = () =>
    new BackupError(
      `The data folder ${dataDir} was written to during the restore (is a server running on it?). Nothing ` +
        'was restored; stop the server and run the restore into an empty folder.',
    );
  if (!staging.inside) {
    try {
      // rename(2) replaces an empty directory.
      await rename(staging.dir, dataDir);
    } catch {
      await rmdir(dataDir).catch(() => {
        throw changed();
      });
      await rename(staging.dir, dataDir);
    }
    return;
  }
  if ((await readdir(dataDir)).length !== 1) throw changed();
  const names = (await readdir(staging.dir)).sort(
    (a, b) => Number(a === databaseEntry) - Number(b === databaseEntry),
  );
  for (const n of names) await rename(join(staging.dir, n), join(dataDir, n));
  await rmdir(staging.dir);
}

function logSummary(s: RestoreSummary, manifest: TBackupManifest, log: (line: string) => void): void {
  log(`Restored into ${s.dataDir}:`);
  if (s.tables)
    log(
      `  database: ${count(Object.keys(s.tables).length)} tables, ` +
        `${count(Object.values(s.tables).reduce((a, b) => a + b, 0))} rows`,
    );
  else log('  database: restored separately (pg_restore)');
  log(`  files: ${count(s.files)} (${bytes(s.fileBytes)})`);
  log(`  token secret: ${manifest.secret ? 'restored' : 'not in the backup (set JWT_SECRET as before)'}`);
  log(`  in ${seconds(s.ms)}`);
  log(
    'Start the server (npm start). Devices sync on: each one downloads its data afresh at its next sync. ' +
      `Changes made after ${manifest.created_at} are not in this backup.`,
  );
}

/**
 * With the servers' files in an S3-compatible store, the restored files go there (each verified by SHA-256,
 * then removed from the data folder). A failure leaves them in the data folder, whole, and says how to finish.
 */
async function intoStore(
  settings: TFileStoreSettings,
  dataDir: string,
  log: (line: string) => void,
): Promise<void> {
  const store = await openFileStore(settings, dataDir);
  log(`  moving the files into ${store.where}…`);
  try {
    const moved = await moveFiles(await openFileStore({ kind: 'folder' }, dataDir), store, {
      removeSource: true,
    });
    log(`  files in the store: ${count(moved.copied)} copied, ${count(moved.skipped)} already there`);
  } catch (e) {
    throw new BackupError(
      `The restore is in ${dataDir}, but moving its files into ${store.where} failed ` +
        `(${e instanceof Error ? e.message : String(e)}). Run npm run files:move -- --to s3 --remove-source ` +
        'with the same settings to finish it.',
    );
  }
}
