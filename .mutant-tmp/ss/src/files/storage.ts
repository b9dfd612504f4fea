import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile as fsReadFile, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Files live in a folder under the data directory (shared by every server process), addressed by a key of
 * path segments: [company_id, 'user', user_id, server-made name]. Segments are checked so a key can never
 * leave the folder, whatever a caller passes.
 */
export type FileKey = readonly string[];

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

function pathOf(dataDir: string, key: FileKey): string {
  if (key.length === 0 || !key.every((s) => SEGMENT.test(s) && !s.includes('..')))
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return join(dataDir, 'files', ...key);
}

/** Whether a name could be a storage segment (a file name from a URL is checked before it is looked up). */
export const isStorageName = (name: string): boolean => SEGMENT.test(name) && !name.includes('..');

/**
 * Writes to a temporary file beside the target, flushes it to disk, then renames it into place: a crash or an
 * aborted request leaves either the whole file or nothing under the final name, and the temporary file is
 * removed on any error.
 */
export async function saveFile(dataDir: string, key: FileKey, bytes: Uint8Array): Promise<void> {
  const target = pathOf(dataDir, key);
  await mkdir(dirname(target), { recursive: true });
  const tmp = `${target}.${randomBytes(6).toString('hex')}.part`;
  try {
    const fh = await open(tmp, 'wx', 0o600);
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, target);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

/** The file's bytes, or null when there is no such file. */
export async function readFile(dataDir: string, key: FileKey): Promise<Buffer | null> {
  try {
    return await fsReadFile(pathOf(dataDir, key));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

export async function removeFile(dataDir: string, key: FileKey): Promise<void> {
  await unlink(pathOf(dataDir, key)).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
}
