import { readAll, type FileKey, type TFileStore } from './file-store.ts';

/**
 * The small helpers most callers want over the file store (file-store.ts): whole bytes in, whole bytes out.
 * Large files (uploads, downloads, backups) use the store's streams directly.
 */
export { isStorageName, type FileKey } from './file-store.ts';

/** Stores the bytes under the key, whole or not at all (the store's put). */
export async function saveFile(store: TFileStore, key: FileKey, bytes: Uint8Array): Promise<void> {
  await store.put(key, bytes);
}

/** The file's bytes, or null when there is no such file. */
export const readFile = (store: TFileStore, key: FileKey): Promise<Buffer | null> => readAll(store, key);

export async function removeFile(store: TFileStore, key: FileKey): Promise<void> {
  await store.delete(key);
}
