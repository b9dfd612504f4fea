import { sql, type Kysely } from 'kysely';

/**
 * The limitation calculator's first date field is "Challenging Date" (issue 31). Firms were seeded with the
 * spec's typo "Challanging Date", which the original web client cannot use: it finds the input by the label
 * with its spaces taken out (`#ChallengingDate`), so its calculator never computed. New firms are seeded with
 * the right label; this corrects the sub answers of installed firms, the seeded ones and those an admin saved
 * with the old spelling alike (the label is one of three fixed values, not free text).
 *
 * Each corrected row is a logged change: the firm's next change number, a change-log entry, and the field's
 * version and writer, so a device that synced before pulls the corrected label, and a device's later edit of
 * the label made against the old value meets this one as a conflict, never a silent overwrite. The sync
 * columns are written out here as they stood at this migration (a migration never imports app code).
 */
const OLD = 'Challanging Date';
const NEW = 'Challenging Date';
const WRITER = 'system:migration';

type Row = { id: string; company_id: string; field_versions: string; field_writers: string };

/** A stored field map (compact: the shared value under "*") with one column given its own value. */
function withField(stored: string, column: string, value: string | number): string {
  let map: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stored);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      map = parsed as Record<string, unknown>;
  } catch {
    // An unreadable map reads as "every field at version 0"; this field's entry is what counts here.
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

export async function up(db: Kysely<any>): Promise<void> {
  const rows: Row[] = await db
    .selectFrom('limitation_sub_answers')
    .select(['id', 'company_id', 'field_versions', 'field_writers'])
    .where('date_field_label', '=', OLD)
    .where('deleted_at', 'is', null)
    .orderBy('company_id')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const seq = await nextSeq(db, row.company_id);
    const now = new Date().toISOString();
    await db
      .insertInto('change_log')
      .values({
        company_id: row.company_id,
        seq,
        entity: 'limitation_sub_answers',
        row_id: row.id,
        changed_at: now,
      })
      .execute();
    await db
      .updateTable('limitation_sub_answers')
      .set({
        date_field_label: NEW,
        version: seq,
        updated_at: now,
        // Nobody of the firm made this change: a conflict against it must not name the last editor.
        updated_by: null,
        field_versions: withField(row.field_versions, 'date_field_label', seq),
        field_writers: withField(row.field_writers, 'date_field_label', WRITER),
      })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(): Promise<void> {
  // The old spelling was a mistake that stopped the original client's calculator: nothing to put back.
}
