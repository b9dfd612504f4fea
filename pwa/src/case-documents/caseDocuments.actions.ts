import { v7 } from 'uuid';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import { storeLocalFile, type TStoredFile } from '../sync/attachments.ts';
import type { LocalDb } from '../sync/db.ts';
import { syncTables } from '../sync/rebase.ts';
import { titleFromFileName, type TOrderChange } from './documents.logic.ts';
import { DOCUMENT_KINDS, type TDocumentKind, type TOwnerType } from './kinds.ts';

/**
 * Local writes of this folder that touch more than one row. Each runs in ONE Dexie transaction, so a reorder
 * is queued whole and a deleted item never leaves its files behind, even if the tab closes half way. Sync
 * deletes on the server do not cascade, so the device queues the children's deletes itself.
 */

/** Stores a drag or a Move up/down: the new display orders of every row that moved. */
export async function saveOrderLocal(
  db: LocalDb,
  entity: string,
  changes: readonly TOrderChange[],
): Promise<void> {
  if (!changes.length) return;
  await db.transaction('rw', syncTables(db), async () => {
    for (const c of changes) await putLocal(db, entity, c.id, { display_order: c.display_order });
  });
}

const attachmentIdsOf = (db: LocalDb, ownerType: string, ownerId: string): Promise<string[]> =>
  db.rows('attachments').where({ owner_type: ownerType, owner_id: ownerId }).primaryKeys();

/** Deletes an index item or a reply with its attachments. */
export async function deleteDocumentLocal(db: LocalDb, kind: TDocumentKind, id: string): Promise<void> {
  const cfg = DOCUMENT_KINDS[kind];
  await db.transaction('rw', syncTables(db), async () => {
    for (const a of await attachmentIdsOf(db, cfg.ownerType, id)) await deleteLocal(db, 'attachments', a);
    await deleteLocal(db, cfg.entity, id);
  });
}

/** Deletes a reply heading with its replies and their attachments. */
export async function deleteReplyParentLocal(db: LocalDb, id: string): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    const replies = await db.rows('replies').where('reply_parent_id').equals(id).primaryKeys();
    for (const r of replies) {
      for (const a of await attachmentIdsOf(db, 'PetitionReply', r)) await deleteLocal(db, 'attachments', a);
      await deleteLocal(db, 'replies', r);
    }
    await deleteLocal(db, 'reply_parents', id);
  });
}

export async function deleteAttachmentsLocal(db: LocalDb, ids: readonly string[]): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    for (const id of ids) await deleteLocal(db, 'attachments', id);
  });
}

export type TAttachTarget = {
  petitionId: string;
  ownerType: TOwnerType | (string & {});
  ownerId: string;
  /** The display order of the first new file (after the last one already there). */
  firstOrder: number;
};

/**
 * Attaches checked files: the bytes are kept on the device (the engine uploads them after pushing) and the
 * attachment rows are queued, so a photo taken offline shows at once and reaches the server later. `files`
 * carry their sniffed content type; the rows are written together once every file is stored.
 */
export async function attachFilesLocal(
  db: LocalDb,
  target: TAttachTarget,
  files: readonly File[],
): Promise<void> {
  const stored: TStoredFile[] = [];
  // One at a time: each file is read whole into memory, and phones have little of it.
  for (const f of files) stored.push(await storeLocalFile(db, f));
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
