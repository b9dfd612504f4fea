import {
  ENTITY_DECLS,
  fileOwners,
  ownerNamed,
  type TAttachmentOwnerType,
  type TFileOwner,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forFirm, type LiveTable } from '../sync/firm.ts';
import type { Row } from '../sync/entities.ts';
import type { TApiAttachment } from './case-files.types.ts';

export type AttachmentOwnerType = TAttachmentOwnerType;

/** The original API names models by class; the client strips the first 11 characters ("App\Models\"). */
const MODEL_PREFIX = 'App\\Models\\';

/**
 * The case documents' owners: the declared file owners read with their case file (`within: 'petition_id'`),
 * whose files the original client uploads and reads as a case document's (rest-contract 33–36). A module whose
 * declaration says so is served here; there is no list of owners or tables besides the declarations.
 */
const CASE_DOCUMENT_OWNERS: readonly TFileOwner[] = fileOwners(ENTITY_DECLS).filter(
  (o) => o.within === 'petition_id',
);

/**
 * A case document's owner kind as a client names it: its declared kind, bare (`PetitionIndex`) or with the
 * class prefix (`App\Models\PetitionIndex`), or one of the kind's declared aliases (the correctly spelt
 * `PetitionOrderSheet`, a standard index's module type). Null for anything else.
 */
export function ownerTypeOf(raw: unknown): AttachmentOwnerType | null {
  return (ownerNamed(CASE_DOCUMENT_OWNERS, raw)?.type as AttachmentOwnerType | undefined) ?? null;
}

/** The declared owner of a case document's files, or undefined. */
export const caseDocumentOwner = (type: string): TFileOwner | undefined =>
  CASE_DOCUMENT_OWNERS.find((o) => o.type === type);

/** The table (entity) an owner kind's rows live in, from its declaration. */
export function ownerTableOf(type: AttachmentOwnerType): LiveTable | undefined {
  return caseDocumentOwner(type)?.entity as LiveTable | undefined;
}

/** The live owner row (an index item, reply, order sheet…) of the firm, or undefined. */
export async function findOwner(
  db: Db,
  companyId: string,
  type: AttachmentOwnerType,
  id: string,
): Promise<{ id: string; petition_id: string | null } | undefined> {
  const table = ownerTableOf(type);
  return table && (await forFirm(db, companyId).find(table, id));
}

/** The original client's file URL of an attachment (Laravel public storage paths). */
export const legacyStoragePath = (a: Record<string, unknown>) =>
  `/storage/attachments/petitions/${String(a.petition_id)}/${String(a.owner_type)}/${String(a.owner_id)}/${encodeURIComponent(String(a.file_name))}`;

/** An attachment as the API answers it (its schema: case-files.types.ts). */
export type ApiAttachment = TApiAttachment;

export function toApiAttachment(r: Row): ApiAttachment {
  return {
    id: r.id,
    petition_id: (r.petition_id as string | null) ?? null,
    attachmentable_id: String(r.owner_id),
    attachmentable_type: `${MODEL_PREFIX}${String(r.owner_type)}`,
    file_name: String(r.file_name),
    mime_type: String(r.mime_type),
    size: Number(r.size ?? 0),
    sha256: String(r.sha256),
    title: (r.title as string | null) ?? null,
    display_order: Number(r.display_order ?? 0),
    url: legacyStoragePath(r),
  };
}

/** The attachments of these owners of one kind, each owner's in display order. */
export async function attachmentsByOwner(
  db: Db,
  companyId: string,
  type: AttachmentOwnerType,
  ownerIds: readonly string[],
): Promise<Map<string, ApiAttachment[]>> {
  const out = new Map<string, ApiAttachment[]>(ownerIds.map((id) => [id, []]));
  const rows = await forFirm(db, companyId).rowsWhere('attachments', 'owner_id', ownerIds);
  for (const r of rows) if (r.owner_type === type) out.get(String(r.owner_id))?.push(toApiAttachment(r));
  return out;
}

/** These live attachments of the firm as the API answers them. */
export async function apiAttachmentsById(
  db: Db,
  companyId: string,
  ids: readonly string[],
): Promise<ApiAttachment[]> {
  const rows = await forFirm(db, companyId).rowsWhere('attachments', 'id', ids);
  return rows.map(toApiAttachment);
}

/** A live attachment of the firm, or undefined. */
export const findAttachment = (db: Db, companyId: string, id: string) =>
  forFirm(db, companyId).find('attachments', id);

/**
 * The newest live file at an original client's storage URL: of the firm when `companyId` is given, else of any
 * firm (legacy public storage, where the firm is in the row found).
 */
export const findStoredAttachment = (
  db: Db,
  companyId: string | null,
  url: { petitionId: string; ownerType: AttachmentOwnerType; ownerId: string; fileName: string },
) =>
  (companyId ? forFirm(db, companyId).selectFrom('attachments') : db.selectFrom('attachments'))
    .select(['company_id', 'sha256', 'mime_type', 'size', 'file_name'])
    .where('petition_id', '=', url.petitionId)
    .where('owner_type', '=', url.ownerType)
    .where('owner_id', '=', url.ownerId)
    .where('file_name', '=', url.fileName)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
