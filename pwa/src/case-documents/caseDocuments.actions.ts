import { v7 } from 'uuid';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import { storeLocalFile, type TStoredFile } from '../sync/attachments.ts';
import type { LocalDb } from '../sync/db.ts';
import { syncTables } from '../sync/rebase.ts';
import { titleFromFileName } from './documents.logic.ts';
import { DOCUMENT_KINDS, type TDocumentKind, type TOwnerType } from './kinds.ts';

/**
 * Local writes of this folder. A delete is one mutation: the shared relations take the row's attachments
 * (and a heading's replies) with it, off the screen at once and on the server in the same transaction.
 * (Reorders are the row table's: ui/RowTable.)
 */

/** Deletes an index item or a reply with its attachments. */
export async function deleteDocumentLocal(db: LocalDb, kind: TDocumentKind, id: string): Promise<void> {
  await deleteLocal(db, DOCUMENT_KINDS[kind].entity, id);
}

/** Deletes a reply heading with its replies and their attachments. */
export async function deleteReplyParentLocal(db: LocalDb, id: string): Promise<void> {
  await deleteLocal(db, 'reply_parents', id);
}

export type TAttachTarget = {
  petitionId: string;
  ownerType: TOwnerType | (string & {});
  ownerId: string;
  /** The display order of the first new file (after the last one already there). */
  firstOrder: number;
};

/** Keeps checked files' bytes on the device (one at a time: each is read whole, and phones have little memory). */
export async function storeFilesLocal(db: LocalDb, files: readonly File[]): Promise<TStoredFile[]> {
  const stored: TStoredFile[] = [];
  for (const f of files) stored.push(await storeLocalFile(db, f));
  return stored;
}

/**
 * Queues the attachment rows of stored files, in one transaction (joined by a caller's own: a form saving its
 * row and its files together).
 */
export async function queueAttachmentsLocal(
  db: LocalDb,
  target: TAttachTarget,
  stored: readonly TStoredFile[],
): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    for (const [i, s] of stored.entries())
      await putLocal(db, 'attachments', v7(), {
        petition_id: target.petitionId,
        owner_type: target.ownerType,
        owner_id: target.ownerId,
        sha256: s.sha256,
        file_name: s.name.slice(-255),
        mime_type: s.mime,
        size: s.size,
        title: titleFromFileName(s.name),
        display_order: target.firstOrder + i,
      });
  });
}

/**
 * Attaches checked files: the bytes are kept on the device (the engine uploads them after pushing) and the
 * attachment rows are queued, so a photo taken offline shows at once and reaches the server later. `files`
 * carry their sniffed content type; the rows are written together once every file is stored. Answers the
 * files' hashes (their bytes are on the server once each is uploaded).
 */
export async function attachFilesLocal(
  db: LocalDb,
  target: TAttachTarget,
  files: readonly File[],
): Promise<string[]> {
  const stored = await storeFilesLocal(db, files);
  await queueAttachmentsLocal(db, target, stored);
  return stored.map((s) => s.sha256);
}
