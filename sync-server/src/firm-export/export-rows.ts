import { sql, type SqlBool } from 'kysely';
import { entityDecl, type TEntityName } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forFirm, type LiveTable } from '../sync/firm.ts';
import { decodeValue } from '../sync/codec.ts';
import type { Codec } from '../sync/entities.ts';
import { EXPORT_ENTITIES, exportFieldOf } from './export-names.ts';

/** Rows read per query: a page of long library pages stays a few megabytes. */
export const PAGE_ROWS = 200;

/** When a row was made and last changed, which every synced table keeps besides its declared columns. */
const STAMPS = ['created_at', 'updated_at'] as const;

/**
 * A table's live rows of one firm (tombstones left out), a page at a time in id order, each query short (no
 * transaction held open while the answer streams, so writers and other readers are never kept waiting).
 * Only `columns` are read: a password hash or a token is never even fetched.
 */
export async function* livePages(
  db: Db,
  companyId: string,
  table: LiveTable,
  columns: readonly string[],
): AsyncGenerator<Record<string, unknown>[]> {
  const ref = (c: string) => sql.ref(`${table}.${c}`);
  let after = '';
  for (;;) {
    const rows = (await forFirm(db, companyId)
      .live(table)
      .select(columns.map((c) => sql<unknown>`${ref(c)}`.as(c)))
      .where(sql<SqlBool>`${ref('id')} > ${after}`)
      .orderBy(ref('id'))
      .limit(PAGE_ROWS)
      .execute()) as Record<string, unknown>[];
    if (rows.length) yield rows;
    if (rows.length < PAGE_ROWS) return;
    after = String(rows[rows.length - 1]!.id);
  }
}

/** The columns read of a synced entity: those devices receive (never secrets), and the two stamps. */
export function columnsToRead(entity: TEntityName): string[] {
  const cols = Object.keys(entityDecl(entity)!.columns).filter((c) => c !== 'company_id');
  return [...cols, ...STAMPS.filter((s) => !cols.includes(s))];
}

/**
 * A row as the export writes it: readable field names (export-names.ts), flags as true/false, lists and
 * objects as JSON, codes as what they stand for, and an attachment's owner as the export's file of its rows.
 * The firm (the same on every row) is left out.
 */
export function readableRow(entity: TEntityName, row: Record<string, unknown>): Record<string, unknown> {
  const decl = entityDecl(entity)!;
  const out: Record<string, unknown> = {};
  const codecs: Readonly<Record<string, Codec>> = decl.columns;
  for (const column of columnsToRead(entity)) {
    const value = decodeValue(codecs[column] ?? 'text', row[column]);
    if (decl.owner && column === decl.owner.typeColumn) {
      const owner = decl.owner.entities[String(value)] as TEntityName | undefined;
      out.attached_to = owner ? EXPORT_ENTITIES[owner].file : value;
      continue;
    }
    if (decl.owner && column === decl.owner.idColumn && column === 'owner_id') {
      out.attached_to_id = value;
      continue;
    }
    const field = exportFieldOf(entity, column);
    if (typeof field === 'string') out[field] = value;
    else out[field.name] = value === null ? null : field.value(value);
  }
  return out;
}
