import type { FastifyInstance } from 'fastify';
import type { TActor } from '@lawfirm/shared-types';
import {
  libraryFilesDecl,
  LIBRARY_FILE_TYPES,
  MSG_LIBRARY_FILE_TYPES,
  type TPageKind,
} from '@lawfirm/shared-types/library/pages.ts';
import { checkFile, cleanFileName, uniqueName } from '../case-files/attachments.mutators.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import type { ActorFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { validationError } from '../http/errors.ts';
import { serverEntity } from '../sync/entities.ts';
import { storeBlob } from '../uploads/blob-store.ts';

/**
 * The files of a library page (a proposition, sample contract or sample pleading), added the same way whether
 * they come with the page's own POST (`files[n]`) or through POST /api/attachments as the original client's
 * uploader sends them (`attachmentable_type` GeneralCaseLaw…).
 */
export const pageFilesEntity = serverEntity(libraryFilesDecl);

/** The original client's URL of a page's file (InvoiceThumb.vue: `{folder}/{page id}/{file_name}`). */
export const pageFilePath = (kind: TPageKind, pageId: string, fileName: string) =>
  `/storage/attachments/${kind.rest.storageFolder}/${encodeURIComponent(pageId)}/${encodeURIComponent(fileName)}`;

/**
 * Every file checked by its bytes (DESIGN §7) and against the library's types, then put into the firm's
 * content-addressed store, before any row is written (file work never holds the database).
 */
export async function checkAndStorePageFiles(
  app: FastifyInstance,
  actor: TActor,
  files: ReceivedFile[],
): Promise<void> {
  // One at a time: each file is read back into memory for its check.
  for (const f of files) {
    await checkFile(f, app.pdfWorkers).catch(() => {
      throw validationError({ files: [MSG_LIBRARY_FILE_TYPES] });
    });
    if (!(LIBRARY_FILE_TYPES as readonly string[]).includes(f.kind!.mime))
      throw validationError({ files: [MSG_LIBRARY_FILE_TYPES] });
  }
  for (const f of files)
    await storeBlob(
      app.db,
      app.files,
      actor.company_id,
      { sha256: f.sha256, size: f.size, mime: f.kind!.mime },
      { path: f.path },
    );
}

/**
 * The rows of stored files, after the page's last, through the sync store (every reader's device pulls them).
 * Two files of a page never share a name, or the original client's URL of one would show the other.
 */
export async function putPageFiles(
  firm: ActorFirm,
  kind: TPageKind,
  pageId: string,
  files: ReceivedFile[],
): Promise<Record<string, unknown>[]> {
  const existing = await firm.rowsWhere('library_files', 'owner_id', [pageId]);
  const taken = new Set(existing.map((r) => String(r.file_name)));
  let order = existing.length;
  const rows: Record<string, unknown>[] = [];
  for (const f of files) {
    const { row } = await firm.put(pageFilesEntity, newId(), {
      owner_type: kind.ownerType,
      owner_id: pageId,
      sha256: f.sha256,
      file_name: uniqueName(cleanFileName(f.filename), taken),
      mime_type: f.kind!.mime,
      size: f.size,
      display_order: order++,
    });
    rows.push(row);
  }
  return rows;
}
