import { sql, type Kysely } from 'kysely';

/**
 * A data fix made by a migration as a change like any other write: the firm's next change number, a change-log
 * entry, and the field's version and writer, so a device that synced before pulls the new value, and a device's
 * later edit made against the old value meets this one as a conflict, never a silent overwrite. The sync columns
 * are written out as they stand in the sync protocol, which does not change (migrations never import app code).
 */
export const MIGRATION_WRITER = 'system:migration';

export type TLoggedRow = { id: string; company_id: string; field_versions: string; field_writers: string };

/** A stored field map (compact: the shared value under "*") with one column given its own value. */
function withField(stored: string, column: string, value: string | number): string {
  let map: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stored);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      map = parsed as Record<string, unknown>;
  } catch {
    // An unreadable map reads as "every field at version 0" (field-meta.ts); this field's entry is what counts.
  }
  return JSON.stringify({ ...map, [column]: value });
}

/** The firm's next change number; the UPDATE holds the firm's counter until the migration commits. */
async function nextSeq(db: Kysely<any>, companyId: string): Promise<number> {
  await db
    .insertInto('sync_state')
    .values({ company_id: companyId, last_seq: 0 })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  const r = await db
    .updateTable('sync_state')
    .set({ last_seq: sql`last_seq + 1` })
    .where('company_id', '=', companyId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(r.last_seq);
}

/** Logs a change of one row of a firm as the sync store does: the firm's next change number, its log entry. */
export async function logChange(
  db: Kysely<any>,
  table: string,
  companyId: string,
  rowId: string,
): Promise<{ seq: number; now: string }> {
  const seq = await nextSeq(db, companyId);
  const now = new Date().toISOString();
  await db
    .insertInto('change_log')
    .values({ company_id: companyId, seq, entity: table, row_id: rowId, changed_at: now })
    .execute();
  return { seq, now };
}

/** Sets one field of one synced row, logged as a change of the row's firm. */
export async function setLoggedField(
  db: Kysely<any>,
  table: string,
  row: TLoggedRow,
  column: string,
  value: unknown,
): Promise<void> {
  const { seq, now } = await logChange(db, table, row.company_id, row.id);
  await db
    .updateTable(table)
    .set({
      [column]: value,
      version: seq,
      updated_at: now,
      // Nobody of the firm made this change: a conflict against it must not name the last editor.
      updated_by: null,
      field_versions: withField(row.field_versions, column, seq),
      field_writers: withField(row.field_writers, column, MIGRATION_WRITER),
    })
    .where('id', '=', row.id)
    .execute();
}
