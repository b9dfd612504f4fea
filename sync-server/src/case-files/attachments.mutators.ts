import {
  can,
  fileTooLargeMessage,
  MSG,
  MSG_OWNER_INVALID,
  ownerMimeTypes,
  type TActor,
  type TAttachmentUpdate,
  type TFileOwner,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forActor } from '../sync/firm.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, notFound, validationError } from '../http/errors.ts';
import { storeBlob } from '../uploads/blob-store.ts';
import type { TFileStore } from '../files/file-store.ts';
import { requireEditor } from './access.ts';
import {
  caseDocumentOwner,
  findOwner,
  ownerTableOf,
  ownerTypeOf,
  type AttachmentOwnerType,
} from './attachments.repository.ts';
import { attachmentsEntity } from '../attachments/attachments.entity.ts';
import { cleanFileName, uniqueName } from '../attachments/file-names.ts';
import { checkFile } from '../attachments/check-file.ts';
import { putOwnerFiles } from '../attachments/owner-files.ts';
import { MSG_SELECT_FILE } from './case-files.schema.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';

export { checkFile, cleanFileName, uniqueName };

/**
 * rest-contract 33: files for one document of a case file. Every file is checked before anything is kept;
 * the bytes go into the content-addressed store outside the transaction (file work never holds the database),
 * then the rows are created through putRow so every device pulls them, placed after the owner's last file.
 */
export async function uploadAttachments(
  db: Db,
  store: TFileStore,
  actor: TActor,
  fields: Record<string, string>,
  files: ReceivedFile[],
): Promise<string[]> {
  if (!can(actor, 'attachments.upload')) throw forbidden();
  if (!files.length) throw validationError({ files: [MSG_SELECT_FILE] });
  for (const f of files) checkFile(f);
  const type = ownerTypeOf(fields.attachmentable_type);
  const owner = type && caseDocumentOwner(type);
  if (!type || !owner || !ownerTableOf(type))
    throw validationError({ attachmentable_type: [MSG_OWNER_INVALID] });
  // What the owner's declaration allows (its kinds and bytes), in its words, before any byte is kept.
  const allowed = ownerMimeTypes(owner);
  for (const f of files) {
    if (!allowed.includes(f.kind!.mime)) throw validationError({ files: [owner.kindsMessage] });
    if (f.size > owner.maxBytes) throw validationError({ files: [fileTooLargeMessage(owner.maxBytes)] });
  }
  const ownerId = (fields.attachmentable_id ?? '').trim();
  if (!ownerId) throw validationError({ attachmentable_id: [owner.invalidMessage ?? MSG_OWNER_INVALID] });
  await ownerPetition(db, actor, owner, ownerId, fields.petition_id);

  for (const f of files)
    await storeBlob(
      db,
      store,
      actor.company_id,
      { sha256: f.sha256, size: f.size, mime: f.kind!.mime },
      {
        path: f.path,
      },
    );

  return inTransaction(db, async (trx) => {
    // Checked again inside the transaction: the owner may have been deleted while the bytes were stored.
    const petitionId = await ownerPetition(trx, actor, owner, ownerId, fields.petition_id);
    const rows = await putOwnerFiles(forActor(trx, actor), owner, ownerId, files, {
      within: { petition_id: petitionId },
      titled: true,
    });
    return rows.map((r) => String(r.id));
  });
}

/** The case file of a live owner of the firm; the petition_id the client sent, if any, must be that one. */
async function ownerPetition(
  db: Db,
  actor: TActor,
  owner: TFileOwner,
  ownerId: string,
  sentPetitionId: string | undefined,
): Promise<string> {
  const row = await findOwner(db, actor.company_id, owner.type as AttachmentOwnerType, ownerId);
  if (!row?.petition_id) throw notFound();
  const sent = (sentPetitionId ?? '').trim();
  // The original client sends "" or "undefined" when the page has no case file at hand.
  if (sent && sent !== 'undefined' && sent !== 'null' && sent !== row.petition_id)
    throw validationError({ petition_id: [owner.otherMessage ?? MSG_OWNER_INVALID] });
  return row.petition_id;
}

/**
 * Whether a row is a file of a case document: the calls below (rest-contract 34–36) know those only, as they
 * did before a payment's receipts and a library page's files joined the one attachment model.
 */
const isCaseFile = (row: { petition_id?: string | null } | undefined): boolean => !!row?.petition_id;

/** rest-contract 34: the whole row comes back; only its title and display order change. */
export async function updateAttachment(
  db: Db,
  actor: TActor,
  id: string,
  data: TAttachmentUpdate,
): Promise<void> {
  requireEditor(actor);
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (!isCaseFile(await firm.find('attachments', id))) throw notFound();
    const values: Record<string, unknown> = {};
    // A title the row sent back without (undefined here) stays as it is.
    if (data.title !== undefined) values.title = data.title;
    if (data.display_order !== null) values.display_order = data.display_order;
    if (Object.keys(values).length) await firm.put(attachmentsEntity, id, values);
  });
}

/** rest-contract 35–36: one or several attachments, all or none (an unknown id refuses the whole call). */
export async function deleteAttachments(db: Db, actor: TActor, ids: string[]): Promise<void> {
  requireEditor(actor);
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    for (const id of new Set(ids)) {
      if (!isCaseFile(await firm.find('attachments', id))) throw notFound(MSG.notFound);
      await firm.remove(attachmentsEntity, id);
    }
  });
}
