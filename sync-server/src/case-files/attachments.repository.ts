import type { Kysely } from 'kysely';
import { ATTACHMENT_OWNERS } from './case-files.entities.ts';
import type { Db } from '../db/connect.ts';
import type { Row } from '../sync/entities.ts';
import { liveRowsWhere } from './case-rows.ts';

export type AttachmentOwnerType = (typeof ATTACHMENT_OWNERS)[number];

/** The original API names models by class; the client strips the first 11 characters ("App\Models\"). */
const MODEL_PREFIX = 'App\\Models\\';

/**
 * Which table holds each kind of attachment owner. Case-file owners of part 1 are here; the part 2 modules
 * (talbana, synopsis, naqal forms, standard indexes) add theirs with registerAttachmentOwner when they exist.
 */
const OWNER_TABLES = new Map<AttachmentOwnerType, string>([
  ['PetitionIndex', 'petition_index'],
  ['PetitionReply', 'replies'],
  ['PetitonOrderSheet', 'order_sheets'],
]);

export function registerAttachmentOwner(type: AttachmentOwnerType, table: string): void {
  OWNER_TABLES.set(type, table);
}

/**
 * An owner type as a client names it: bare (`PetitionIndex`) or with the class prefix
 * (`App\Models\PetitionIndex`); the correctly spelt `PetitionOrderSheet` is taken as the contract's
 * `PetitonOrderSheet`. Null for anything else.
 */
export function ownerTypeOf(raw: unknown): AttachmentOwnerType | null {
  if (typeof raw !== 'string') return null;
  let name = raw.trim();
  if (name.startsWith(MODEL_PREFIX)) name = name.slice(MODEL_PREFIX.length);
  if (name === 'PetitionOrderSheet') name = 'PetitonOrderSheet';
  return (ATTACHMENT_OWNERS as readonly string[]).includes(name) ? (name as AttachmentOwnerType) : null;
}

export const ownerTableOf = (type: AttachmentOwnerType): string | undefined => OWNER_TABLES.get(type);

/** The live owner row (an index item, reply, order sheet…) of the firm, or undefined. */
export async function findOwner(
  db: Db,
  companyId: string,
  type: AttachmentOwnerType,
  id: string,
): Promise<{ id: string; petition_id: string | null } | undefined> {
  const table = OWNER_TABLES.get(type);
  if (!table) return undefined;
  // The owner's table is a parameter; the query still filters by firm and tombstone.
  return await (db as unknown as Kysely<any>)
    .selectFrom(table)
    .select(['id', 'petition_id'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The original client's file URL of an attachment (Laravel public storage paths). */
export const legacyStoragePath = (a: Record<string, unknown>) =>
  `/storage/attachments/petitions/${String(a.petition_id)}/${String(a.owner_type)}/${String(a.owner_id)}/${encodeURIComponent(String(a.file_name))}`;

export type ApiAttachment = {
  id: string;
  petition_id: string | null;
  attachmentable_id: string;
  attachmentable_type: string;
  file_name: string;
  mime_type: string;
  size: number;
  sha256: string;
  title: string | null;
  display_order: number;
  /** Where the bytes are served (the original client builds the same path itself). */
  url: string;
};

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
  const rows = await liveRowsWhere(db, 'attachments', companyId, 'owner_id', ownerIds);
  for (const r of rows) if (r.owner_type === type) out.get(String(r.owner_id))?.push(toApiAttachment(r));
  return out;
}
