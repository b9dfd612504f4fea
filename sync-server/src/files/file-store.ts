import type { Readable } from 'node:stream';

/**
 * The one interface every stored file goes through (DESIGN §6): a folder in the data directory by default
 * (folder-store.ts), or any S3-compatible store when S3_BUCKET is set (s3-store.ts), so several app servers
 * that share PostgreSQL and the store serve the same files. A file is addressed by a key of path segments:
 * [company_id, 'blobs', sha256], [company_id, 'user', user_id, name], [company_id, 'settings', name]…
 * Segments are checked so a key can never leave its folder or prefix, whatever a caller passes.
 */
export type FileKey = readonly string[];

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Whether a name could be a key segment (a file name from a URL is checked before it is looked up). */
export const isStorageName = (name: string): boolean => SEGMENT.test(name) && !name.includes('..');

/** The key as one path (`a/b/c`), after checking every segment. */
export function keyPath(key: FileKey): string {
  if (key.length === 0 || !key.every(isStorageName))
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key.join('/');
}

/** The content-addressed copy of a firm's file (uploads/blob-store.ts). */
export const blobKey = (companyId: string, sha256: string): FileKey => [companyId, 'blobs', sha256];

/** Bytes `start`..`end`, both included (an HTTP Range once checked against the size). */
export type TByteRange = { start: number; end: number };

/**
 * What a put takes: the bytes, a stream of them, or a private temporary file on this machine that the store
 * takes over (renamed into the folder, or streamed to the store and removed).
 */
export type TPutSource = Uint8Array | Readable | { path: string };

export type TStoredFile = { key: string[]; size: number };

export type TFileStore = {
  readonly kind: 'folder' | 's3';
  /** Where the files are, for the operator (`/srv/data/files`, `s3://bucket`). */
  readonly where: string;
  /**
   * Stores the bytes under the key, whole or not at all: nobody ever reads a partial file under its name,
   * whatever happens part-way (a crash, an aborted request). Replaces what the key held.
   */
  put: (key: FileKey, source: TPutSource) => Promise<void>;
  /** The file's size and a stream of its bytes (of `range` only, when given), or null when there is none. */
  get: (key: FileKey, range?: TByteRange) => Promise<{ size: number; body: Readable } | null>;
  /** The file's size, or null when there is none. */
  head: (key: FileKey) => Promise<{ size: number } | null>;
  /** Removes the file; no error when there is none. */
  delete: (key: FileKey) => Promise<void>;
  /** Every file whose key starts with `prefix` (all when empty), in key order. */
  list: (prefix?: FileKey) => AsyncIterable<TStoredFile>;
};

/** A whole file's bytes, or null: for the small files read whole (a photo, a logo, a PDF's image). */
export async function readAll(store: TFileStore, key: FileKey): Promise<Buffer | null> {
  const got = await store.get(key);
  if (!got) return null;
  const parts: Buffer[] = [];
  for await (const chunk of got.body) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}
