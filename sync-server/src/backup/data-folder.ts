import { readdir } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
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

/** The `.part` files saveFile writes before its rename: never a whole file, never named by a row. */
const isPartial = (name: string) => name.endsWith('.part');

/** Paths (`files/…`, with forward slashes) of every stored file, in a stable order. */
export async function listStoredFiles(dataDir: string): Promise<string[]> {
  const root = join(dataDir, FILES_DIR);
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      // A folder removed while walked (or no files yet) holds nothing to back up.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) await walk(path);
      else if (e.isFile() && !isPartial(e.name))
        out.push(`${FILES_DIR}/${relative(root, path).split(/[\\/]/).join('/')}`);
    }
  };
  await walk(root);
  return out;
}

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
