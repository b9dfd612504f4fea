import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TFileStore } from '../files/file-store.ts';

/**
 * Where the chunks of an unfinished resumable upload wait until the last one is in. With the files in the data
 * folder, one private file per upload in `DATA_DIR/uploads-tmp`, written at each chunk's offset. With an
 * object store, each chunk is an object of its own under `uploads-tmp/<id>/`: the next chunk of a phone's
 * upload may reach another app server, which must find the ones before it.
 */
export type TUploadParts = {
  create: (id: string) => Promise<void>;
  /** Keeps `chunk` at `offset` (the upload's row says which offsets are in). */
  write: (id: string, offset: number, chunk: Uint8Array) => Promise<void>;
  /** A private file on this machine holding the whole upload, for its checks and then the store's put. */
  assemble: (id: string) => Promise<string>;
  /** Forgets the upload's chunks (and the assembled file, if the store did not take it). */
  remove: (id: string) => Promise<void>;
};

const tmpDir = (dataDir: string) => join(dataDir, 'uploads-tmp');

/** Where the bytes of an unfinished upload collect, private to the server. */
export const partPath = (dataDir: string, id: string) => join(tmpDir(dataDir), `${id}.part`);

/** The chunks in a private file of the data folder (the folder store's uploads, as before object storage). */
function folderParts(dataDir: string): TUploadParts {
  return {
    async create(id) {
      await mkdir(tmpDir(dataDir), { recursive: true });
      await writeFile(partPath(dataDir, id), new Uint8Array(0), { mode: 0o600 });
    },
    async write(id, offset, chunk) {
      const fh = await open(partPath(dataDir, id), 'r+');
      try {
        await fh.write(chunk, 0, chunk.length, offset);
        await fh.sync();
      } finally {
        await fh.close();
      }
    },
    assemble: async (id) => partPath(dataDir, id),
    async remove(id) {
      await rm(partPath(dataDir, id), { force: true });
    },
  };
}

/** Chunk objects sort by their offset: 13 digits hold any offset below the upload limit. */
const chunkName = (offset: number) => String(offset).padStart(13, '0');

/** The chunks as objects of the shared store, so any app server can take the next one or finish the upload. */
function storeParts(store: TFileStore, dataDir: string): TUploadParts {
  const prefix = (id: string) => ['uploads-tmp', id];
  return {
    create: () => Promise.resolve(),
    async write(id, offset, chunk) {
      await store.put([...prefix(id), chunkName(offset)], chunk);
    },
    async assemble(id) {
      await mkdir(tmpDir(dataDir), { recursive: true });
      const path = partPath(dataDir, id);
      const fh = await open(path, 'w', 0o600);
      try {
        // One chunk at a time from the store to the file: a chunk (at most 4 MB) is all that is in memory.
        for await (const part of store.list(prefix(id))) {
          const got = await store.get(part.key);
          if (!got) throw new Error(`A chunk of upload ${id} disappeared from the store.`);
          for await (const chunk of got.body) await fh.write(chunk as Uint8Array);
        }
        await fh.sync();
      } finally {
        await fh.close();
      }
      return path;
    },
    async remove(id) {
      for await (const part of store.list(prefix(id))) await store.delete(part.key);
      await rm(partPath(dataDir, id), { force: true });
    },
  };
}

/** The staging the configured store calls for. */
export const uploadParts = (store: TFileStore, dataDir: string): TUploadParts =>
  store.kind === 'folder' ? folderParts(dataDir) : storeParts(store, dataDir);
