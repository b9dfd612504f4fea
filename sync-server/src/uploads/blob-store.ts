import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import { blobKey, type TFileStore, type TPutSource } from '../files/file-store.ts';

export { blobKey };

/** Bytes whose hash and content type the caller has checked (sniffDocument, SHA-256 of the whole file). */
export type VerifiedBlob = { sha256: string; size: number; mime: string };

/**
 * Puts verified bytes into the firm's content-addressed store, the one way both the resumable uploads and the
 * original client's multipart uploads add files: the file goes into the store whole (never a partial file
 * under its key), then its `blobs` row. The same bytes stored twice are one file and one row, so a retried
 * upload never duplicates. `source` is the bytes, or a private temporary file the store takes over.
 */
export async function storeBlob(
  db: Db,
  files: TFileStore,
  companyId: string,
  blob: VerifiedBlob,
  source: { path: string } | { bytes: Uint8Array },
): Promise<void> {
  const key = blobKey(companyId, blob.sha256);
  const put: TPutSource = 'path' in source ? { path: source.path } : source.bytes;
  await files.put(key, put);
  await db
    .insertInto('blobs')
    .values({
      company_id: companyId,
      sha256: blob.sha256,
      size: blob.size,
      mime_type: blob.mime,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['company_id', 'sha256']).doNothing())
    .execute();
}
