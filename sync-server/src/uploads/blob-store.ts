import { mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import { saveFile } from '../files/storage.ts';

/** Where finished files live: one copy per firm and SHA-256, in the data folder every server process shares. */
export const blobPath = (dataDir: string, companyId: string, sha256: string) =>
  join(dataDir, 'files', companyId, 'blobs', sha256);

/** Bytes whose hash and content type the caller has checked (sniffDocument, SHA-256 of the whole file). */
export type VerifiedBlob = { sha256: string; size: number; mime: string };

/**
 * Puts verified bytes into the firm's content-addressed store, the one way both the resumable uploads and the
 * original client's multipart uploads add files: the file goes into place whole (a rename, never a partial
 * write under the final name), then its `blobs` row. The same bytes stored twice are one file and one row, so
 * a retried upload never duplicates. `source` is either a private temporary file on the same disk (moved) or
 * the bytes themselves (written to a temporary file, flushed, then renamed).
 */
export async function storeBlob(
  db: Db,
  dataDir: string,
  companyId: string,
  blob: VerifiedBlob,
  source: { path: string } | { bytes: Uint8Array },
): Promise<void> {
  if ('path' in source) {
    const target = blobPath(dataDir, companyId, blob.sha256);
    await mkdir(dirname(target), { recursive: true });
    await rename(source.path, target);
  } else {
    await saveFile(dataDir, [companyId, 'blobs', blob.sha256], source.bytes);
  }
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
