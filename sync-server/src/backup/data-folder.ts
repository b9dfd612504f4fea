import { readdir } from 'node:fs/promises';
import { basename, relative } from 'node:path';
import type { TFileStore } from '../files/file-store.ts';
import { SECRET_ENTRY } from './manifest.ts';

/**
 * What of the data folder a backup takes:
 * - `files/`: every stored file (attachments' blobs, profile photos, firm logos): archived.
 * - `jwt-secret`: the token-signing secret the server generated (when JWT_SECRET is not set): archived, so
 *   sessions and devices stay signed in after a restore.
 * - the SQLite database and its -wal/-shm: archived as one snapshot (a copy of the live files would not be
 *   consistent).
 * - `uploads-tmp/`: bytes of uploads still arriving, and request bodies being read: left out. Their upload
 *   rows are dropped from the snapshot too (sqlite-snapshot.ts), so a device resumes such an upload by
 *   starting it again, as it does when an upload expired.
 * Anything else is named in the output and left out.
 */
export const FILES_DIR = 'files';

/** The chunks of unfinished uploads, when they are kept in an object store: left out, like `uploads-tmp/`. */
const UPLOAD_CHUNKS = 'uploads-tmp';

/**
 * Paths (`files/…`, with forward slashes) of every stored file, in a stable order, from the file store (the
 * data folder's `files/`, or the S3 store: the archive is the same either way). The folder store never lists
 * the temporary `.part` files a put writes before its rename.
 */
export async function listStoredFiles(store: TFileStore): Promise<string[]> {
  const out: string[] = [];
  for await (const f of store.list())
    if (f.key[0] !== UPLOAD_CHUNKS) out.push(`${FILES_DIR}/${f.key.join('/')}`);
  return out;
}

/** The store's key of an archive path `files/…`. */
export const keyOfPath = (path: string): string[] => path.split('/').slice(1);

/** The top-level entries of the data folder a backup leaves out, for the operator to see. */
export async function leftOut(dataDir: string, databasePath: string | null): Promise<string[]> {
  const db =
    databasePath && relative(dataDir, databasePath) === basename(databasePath)
      ? basename(databasePath)
      : null;
  const taken = new Set([FILES_DIR, SECRET_ENTRY]);
  if (db) for (const s of ['', '-wal', '-shm', '-journal']) taken.add(`${db}${s}`);
  return (await readdir(dataDir)).filter((n) => !taken.has(n)).sort();
}
