import { formatDate, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { notFound, parse, validationError } from '../http/errors.ts';
import type { Row } from '../sync/entities.ts';
import { deleteRow, putRow } from '../sync/store.ts';
import type { AttachmentOwnerType } from './attachments.repository.ts';
import {
  ZIndexedDocumentInput,
  MSG_PETITION_REQUIRED,
  type TIndexedDocumentInput,
} from './case-files.schema.ts';
import {
  caseEntity,
  findLive,
  liveRowsWhere,
  nextDisplayOrder,
  reorderRows,
  requireEditor,
} from './case-rows.ts';

/**
 * Petition index items and replies are one "indexed document list" (DESIGN §3): numbered documents with a
 * description, date, annexure and page, ordered by drag and drop, each with attachments. A kind says where
 * its rows live and which list a row belongs to; everything else is shared.
 */
export type IndexedDocumentKind = {
  table: 'petition_index' | 'replies';
  ownerType: Extract<AttachmentOwnerType, 'PetitionIndex' | 'PetitionReply'>;
  /** The list a row is ordered in (and has previous/next neighbours in). */
  listColumn: 'petition_id' | 'reply_parent_id';
  /** For a new row: the list the body names, as the columns the row gets; 404 when it is not a live list. */
  placeNew: (trx: Db, actor: TActor, data: TIndexedDocumentInput) => Promise<Record<string, string>>;
  /** Extra API fields of a row (a reply names its heading as petition_reply_parent_id). */
  extra: (row: Row) => Record<string, unknown>;
};

export const MSG_REPLY_PARENT_REQUIRED = 'The reply heading is required.';

export const PETITION_INDEX: IndexedDocumentKind = {
  table: 'petition_index',
  ownerType: 'PetitionIndex',
  listColumn: 'petition_id',
  placeNew: async (trx, actor, data) => {
    if (!data.petition_id) throw validationError({ petition_id: [MSG_PETITION_REQUIRED] });
    if (!(await findLive(trx, 'petitions', actor.company_id, data.petition_id))) throw notFound();
    return { petition_id: data.petition_id };
  },
  extra: () => ({}),
};

export const REPLIES: IndexedDocumentKind = {
  table: 'replies',
  ownerType: 'PetitionReply',
  listColumn: 'reply_parent_id',
  placeNew: async (trx, actor, data) => {
    const parentId = data.petition_reply_parent_id;
    if (!parentId) throw validationError({ petition_reply_parent_id: [MSG_REPLY_PARENT_REQUIRED] });
    const parent = await findLive(trx, 'reply_parents', actor.company_id, parentId);
    if (!parent) throw notFound();
    return { petition_id: String(parent.petition_id), reply_parent_id: parentId };
  },
  extra: (r) => ({ petition_reply_parent_id: r.reply_parent_id }),
};

export type ApiIndexedDocument = {
  id: string;
  petition_id: string;
  document_description: string;
  /** dd/mm/yyyy */
  date: string | null;
  annexure: string | null;
  page_info: string | null;
  display_order: number;
  [extra: string]: unknown;
};

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
  const rows = await liveRowsWhere(db, kind.table, companyId, kind.listColumn, [listId]);
  return rows.map((r) => toApiIndexedDocument(kind, r));
}

/**
 * Create (no id) or update. An update never moves a row to another list, whatever ids the row sent back
 * carries; a new row goes last unless the body gives its place.
 */
export async function saveIndexedDocument(
  db: Db,
  actor: TActor,
  kind: IndexedDocumentKind,
  body: unknown,
): Promise<{ id: string; created: boolean }> {
  requireEditor(actor);
  const data = parse(ZIndexedDocumentInput, body);
  return inTransaction(db, async (trx) => {
    const existing = data.id ? await findLive(trx, kind.table, actor.company_id, data.id) : undefined;
    if (data.id && !existing) throw notFound();
    const values: Record<string, unknown> = {
      document_description: data.document_description,
      date: data.date,
      annexure: data.annexure,
      page_info: data.page_info,
    };
    if (data.display_order !== null) values.display_order = data.display_order;
    if (existing) {
      await putRow(trx, actor, caseEntity(kind.table), existing.id, values);
      return { id: existing.id, created: false };
    }
    const place = await kind.placeNew(trx, actor, data);
    values.display_order ??= await nextDisplayOrder(trx, kind.table, actor.company_id, {
      [kind.listColumn]: place[kind.listColumn]!,
    });
    const id = newId();
    await putRow(trx, actor, caseEntity(kind.table), id, { ...place, ...values });
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
    if (!(await findLive(trx, kind.table, actor.company_id, id))) throw notFound();
    await deleteRow(trx, actor, caseEntity(kind.table), id);
  });
}

export async function reorderIndexedDocuments(
  db: Db,
  actor: TActor,
  kind: IndexedDocumentKind,
  ids: string[],
): Promise<void> {
  requireEditor(actor);
  await inTransaction(db, (trx) => reorderRows(trx, actor, kind.table, ids, kind.listColumn));
}

/** The rows before and after `row` in its list, for the detail page's previous/next arrows. */
export async function neighboursOf(
  db: Db,
  companyId: string,
  kind: IndexedDocumentKind,
  row: Row,
): Promise<{ previous_index_id: string | null; next_index_id: string | null }> {
  const list = await liveRowsWhere(db, kind.table, companyId, kind.listColumn, [
    String(row[kind.listColumn]),
  ]);
  const i = list.findIndex((r) => r.id === row.id);
  return { previous_index_id: list[i - 1]?.id ?? null, next_index_id: list[i + 1]?.id ?? null };
}
