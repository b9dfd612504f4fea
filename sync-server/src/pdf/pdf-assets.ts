import type { TLoadBytes } from '@lawfirm/shared-types/pdf/index.ts';
import { nodeFontBytes } from '@lawfirm/shared-types/pdf/node-fonts.ts';
import { blobKey, readAll, type TFileStore } from '../files/file-store.ts';
import { openFileStore, type TFileStoreSettings } from '../files/open-store.ts';

/**
 * Bytes for the shared PDF builders on the server: the fonts from node_modules, and a firm's stored files
 * from the file store. A file that is not there answers null (the PDF names it as not included).
 */
export function serverLoadBytes(store: TFileStore, companyId: string): TLoadBytes {
  return async (asset) => {
    if (asset.kind === 'font') return nodeFontBytes(asset.font);
    if (!/^[0-9a-f]{64}$/.test(asset.sha256)) return null;
    try {
      const bytes = await readAll(store, blobKey(companyId, asset.sha256));
      return bytes ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
    } catch {
      return null;
    }
  };
}

/** The worker's store, opened once per settings (a worker thread builds many PDFs over its life). */
const opened = new Map<string, Promise<TFileStore>>();
export function workerStore(settings: TFileStoreSettings, dataDir: string): Promise<TFileStore> {
  const id = JSON.stringify([settings, dataDir]);
  let store = opened.get(id);
  if (!store) opened.set(id, (store = openFileStore(settings, dataDir)));
  return store;
}
