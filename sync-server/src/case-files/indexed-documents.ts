import {
  formatDate,
  MSG_PETITION_REQUIRED,
  type TActor,
  type TIndexedDocumentInput,
  type TStandardModel,
  type TStandardModuleType,
} from '@lawfirm/shared-types';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/connect.ts';
import { forActor, forFirm, type ActorFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { notFound, validationError } from '../http/errors.ts';
import type { EntityDef, Row } from '../sync/entities.ts';
import { reorderCaseRows, requireEditor } from './access.ts';
import { toApiAttachment, type ApiAttachment, type AttachmentOwnerType } from './attachments.repository.ts';
import type { TApiIndexedDocument } from './case-files.types.ts';
import { petitionIndexEntity, repliesEntity } from './case-files.entities.ts';

/**
 * Petition index items and replies are one "indexed document list" (DESIGN §3): numbered documents with a
 * description, date, annexure and page, ordered by drag and drop, each with attachments. A kind says where
 * its rows live and which list a row belongs to; everything else is shared.
 */
export type IndexedDocumentKind = {
  table: 'petition_index' | 'replies' | TStandardModuleType;
  entity: EntityDef;
  ownerType: Extract<AttachmentOwnerType, 'PetitionIndex' | 'PetitionReply' | TStandardModel>;
  /** The list a row is ordered in (and has previous/next neighbours in). */
  listColumn: 'petition_id' | 'reply_parent_id';
  /** For a new row: the list the body names, as the columns the row gets; 404 when it is not a live list. */
  placeNew: (firm: ActorFirm, data: TIndexedDocumentInput) => Promise<Record<string, string>>;
  /** Extra API fields of a row (a reply names its heading as petition_reply_parent_id). */
  extra: (row: Row) => Record<string, unknown>;
};

export const MSG_REPLY_PARENT_REQUIRED = 'The reply heading is required.';

/** A list of a whole case file: the petition index, and each standard index list (part 2 §2.3). */
export const petitionList = (
  table: Exclude<IndexedDocumentKind['table'], 'replies'>,
  entity: EntityDef,
  ownerType: IndexedDocumentKind['ownerType'],
): IndexedDocumentKind => ({
  table,
  entity,
  ownerType,
  listColumn: 'petition_id',
  placeNew: async (firm, data) => {
    if (!data.petition_id) throw validationError({ petition_id: [MSG_PETITION_REQUIRED] });
    if (!(await firm.find('petitions', data.petition_id))) throw notFound();
    return { petition_id: data.petition_id };
  },
  extra: () => ({}),
});

export const PETITION_INDEX = petitionList('petition_index', petitionIndexEntity, 'PetitionIndex');

export const REPLIES: IndexedDocumentKind = {
  table: 'replies',
  entity: repliesEntity,
  ownerType: 'PetitionReply',
  listColumn: 'reply_parent_id',
  placeNew: async (firm, data) => {
    const parentId = data.petition_reply_parent_id;
    if (!parentId) throw validationError({ petition_reply_parent_id: [MSG_REPLY_PARENT_REQUIRED] });
    const parent = await firm.find('reply_parents', parentId);
    if (!parent) throw notFound();
    return { petition_id: parent.petition_id, reply_parent_id: parentId };
  },
  extra: (r) => ({ petition_reply_parent_id: r.reply_parent_id }),
};

/** An index item or reply as the API answers it (its schema: case-files.types.ts). */
export type ApiIndexedDocument = TApiIndexedDocument;

export const toApiIndexedDocument = (kind: IndexedDocumentKind, r: Row): ApiIndexedDocument => ({
  id: r.id,
  petition_id: String(r.petition_id),
  document_description: String(r.document_description),
  date: formatDate(r.date as string | null) || null,
  annexure: (r.annexure as string | null) ?? null,
  page_info: (r.page_info as string | null) ?? null,
  display_order: Number(r.display_order ?? 0),
  ...kind.extra(r),
});

/** One list's rows (a case file's index, a reply heading's replies) in display order. */
export async function listIndexedDocuments(
  db: Db,
  companyId: string,
  kind: IndexedDocumentKind,
  listId: string,
): Promise<ApiIndexedDocument[]> {
  const rows = await forFirm(db, companyId).rowsWhere(kind.table, kind.listColumn, [listId]);
  return rows.map((r) => toApiIndexedDocument(kind, r));
}

/** The columns an index item's or reply's answer is made from (toApiIndexedDocument, kind.extra). */
const INDEXED_COLUMNS = [
  'id',
  'petition_id',
  'document_description',
  'date',
  'annexure',
  'page_info',
  'display_order',
];
const answerColumns = (table: IndexedDocumentKind['table']): readonly string[] =>
  table === 'replies' ? [...INDEXED_COLUMNS, 'reply_parent_id'] : INDEXED_COLUMNS;
/** The columns an attachment's answer is made from (toApiAttachment, which takes a firm's row). */
const ATTACHMENT_ANSWER_COLUMNS = [
  'id',
  'company_id',
  'petition_id',
  'owner_id',
  'owner_type',
  'file_name',
  'mime_type',
  'size',
  'sha256',
  'title',
  'display_order',
] as const;

/**
 * One list's rows in display order, each with its attachments in theirs: two queries whatever the length of the
 * list (the attachments are found through the list's rows, not by a list of their ids), reading only the
 * columns the answer shows (not the sync bookkeeping, the largest columns of every row).
 */
export async function listIndexedDocumentsWithFiles(
  db: Db,
  companyId: string,
  kind: IndexedDocumentKind,
  listId: string,
): Promise<(ApiIndexedDocument & { attachments: ApiAttachment[] })[]> {
  const firm = forFirm(db, companyId);
  const col = (c: string) => sql.ref(`${kind.table}.${c}`);
  const rows = (await firm
    .live(kind.table)
    .select(answerColumns(kind.table).map((c) => sql`${col(c)}`.as(c)))
    .where(sql<SqlBool>`${col(kind.listColumn)} = ${listId}`)
    .orderBy(col('display_order'))
    .orderBy(col('created_at'))
    .orderBy(col('id'))
    .execute()) as Row[];
  if (!rows.length) return [];
  const files = await firm
    .live('attachments')
    .select(ATTACHMENT_ANSWER_COLUMNS)
    .where('owner_type', '=', kind.ownerType)
    .where(
      'owner_id',
      'in',
      firm
        .live(kind.table)
        .where(sql<SqlBool>`${col(kind.listColumn)} = ${listId}`)
        .select(sql<string>`${col('id')}`.as('id')),
    )
    .orderBy('display_order')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const byOwner = new Map<string, ApiAttachment[]>(rows.map((r) => [r.id, []]));
  for (const f of files) byOwner.get(f.owner_id)?.push(toApiAttachment(f));
  return rows.map((r) => ({ ...toApiIndexedDocument(kind, r), attachments: byOwner.get(r.id)! }));
}

/**
 * Create (no id) or update. An update never moves a row to another list, whatever ids the row sent back
 * carries; a new row goes last unless the body gives its place.
 */
export async function saveIndexedDocument(
  db: Db,
  actor: TActor,
  kind: IndexedDocumentKind,
  data: TIndexedDocumentInput,
): Promise<{ id: string; created: boolean }> {
  requireEditor(actor);
  return inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    const existing = data.id ? await firm.find(kind.table, data.id) : undefined;
    if (data.id && !existing) throw notFound();
    const values: Record<string, unknown> = {
      document_description: data.document_description,
      date: data.date,
      annexure: data.annexure,
      page_info: data.page_info,
    };
    if (data.display_order !== null) values.display_order = data.display_order;
    if (existing) {
      await firm.put(kind.entity, existing.id, values);
      return { id: existing.id, created: false };
    }
    const place = await kind.placeNew(firm, data);
    values.display_order ??= await firm.nextDisplayOrder(kind.table, {
      [kind.listColumn]: place[kind.listColumn]!,
    });
    const id = newId();
    await firm.put(kind.entity, id, { ...place, ...values });
    return { id, created: true };
  });
}

/** Deletes a row and, through the declared owner relation, its attachments (tombstones every device receives). */
export async function deleteIndexedDocument(
  db: Db,
  actor: TActor,
  kind: IndexedDocumentKind,
  id: string,
): Promise<void> {
  requireEditor(actor);
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (!(await firm.find(kind.table, id))) throw notFound();
    await firm.remove(kind.entity, id);
  });
}

export async function reorderIndexedDocuments(
  db: Db,
  actor: TActor,
  kind: IndexedDocumentKind,
  ids: string[],
): Promise<void> {
  requireEditor(actor);
  await inTransaction(db, (trx) => reorderCaseRows(trx, actor, kind.entity, ids, kind.listColumn));
}

/** The rows before and after `row` in its list, for the detail page's previous/next arrows. */
export async function neighboursOf(
  db: Db,
  companyId: string,
  kind: IndexedDocumentKind,
  row: Row,
): Promise<{ previous_index_id: string | null; next_index_id: string | null }> {
  const list = await forFirm(db, companyId).rowsWhere(kind.table, kind.listColumn, [
    String(row[kind.listColumn]),
  ]);
  const i = list.findIndex((r) => r.id === row.id);
  return { previous_index_id: list[i - 1]?.id ?? null, next_index_id: list[i + 1]?.id ?? null };
}
