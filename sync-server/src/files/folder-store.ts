import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, opendir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { keyPath, type FileKey, type TFileStore, type TPutSource, type TStoredFile } from './file-store.ts';

/** The `.part` files a put writes before its rename: never a whole file, never listed. */
const isPartial = (name: string) => name.endsWith('.part');

const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in a folder (`DATA_DIR/files` by default): each put writes a temporary file beside the target,
 * flushes it to disk and renames it into place, so a crash leaves the whole file or nothing under its name.
 */
export function folderStore(root: string): TFileStore {
  const pathOf = (key: FileKey) => join(root, ...keyPath(key).split('/'));

  async function put(key: FileKey, source: TPutSource): Promise<void> {
    const target = pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // A private temporary file on this disk becomes the file by a rename; the caller flushed it.
    if (!(source instanceof Uint8Array) && !(source instanceof Readable)) {
      try {
        await rename(source.path, target);
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      }
      await put(key, createReadStream(source.path));
      await unlink(source.path);
      return;
    }
    const tmp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      const fh = await open(tmp, 'wx', 0o600);
      try {
        if (source instanceof Uint8Array) await fh.writeFile(source);
        else for await (const chunk of source) await fh.write(chunk as Uint8Array);
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

  async function* walk(dir: string, key: string[]): AsyncGenerator<TStoredFile> {
    let handle;
    try {
      handle = await opendir(dir);
    } catch (e) {
      // No such folder (or removed while walked): nothing in it.
      if (missing(e) || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw e;
    }
    const entries = [];
    for await (const e of handle) entries.push(e);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) yield* walk(path, [...key, e.name]);
      else if (e.isFile() && !isPartial(e.name)) {
        const info = await stat(path).catch(() => null);
        if (info) yield { key: [...key, e.name], size: info.size };
      }
    }
  }

  return {
    kind: 'folder',
    where: root,
    put,
    async get(key, range) {
      const path = pathOf(key);
      try {
        // Opened first, so the size and the bytes are of the same file even if it is replaced meanwhile.
        const fh = await open(path, 'r');
        const info = await fh.stat();
        // A folder opens for reading on Linux; it is no file.
        if (!info.isFile()) {
          await fh.close();
          return null;
        }
        const { size } = info;
        const body = fh.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { size, body };
      } catch (e) {
        if (missing(e) || (e as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw e;
      }
    },
    async head(key) {
      const info = await stat(pathOf(key)).catch((e: unknown) => {
        if (missing(e)) return null;
        throw e;
      });
      return info?.isFile() ? { size: info.size } : null;
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((e: unknown) => {
        if (!missing(e)) throw e;
      });
    },
    list(prefix = []) {
      return walk(prefix.length ? pathOf(prefix) : root, [...prefix]);
    },
  };
}
