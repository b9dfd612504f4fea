import { sql, type Kysely } from 'kysely';

/**
 * The shared reference data corrected its spellings after firms were installed with the old ones: the case
 * category "Criminal Miscelleneous", the Limitation Act's other name "Murder refrence or jail appeal" (kept in
 * the firm's articles and in the calculator's answers), and non-breaking spaces in a statute's title. New firms
 * get the corrected data; this corrects installed firms. Only a value still spelt exactly as seeded is changed:
 * a title an admin has since edited is theirs.
 *
 * Each corrected row is a change like any other write: the firm's next change number, a change-log entry, and
 * the field's version and writer, so a device that synced before pulls the corrected value, and a device's later
 * edit made against the old value is merged against this one (a conflict, never a silent overwrite). The sync
 * columns are written out here as they stood at this migration (a migration never imports app code).
 */
const WRITER = 'system:migration';

type Fix = { table: string; column: string; json?: boolean; from: string; to: string };

const FIXES: Fix[] = [
  { table: 'case_categories', column: 'title', from: 'Criminal Miscelleneous', to: 'Criminal Miscellaneous' },
  {
    table: 'statutes',
    column: 'title',
    from: 'Prevention of Corruption\u00a0Act,\u00a01947',
    to: 'Prevention of Corruption Act, 1947',
  },
  ...['limitation_articles', 'limitation_answers'].map((table) => ({
    table,
    column: 'also_known_as',
    json: true,
    from: 'Murder refrence or jail appeal',
    to: 'Murder reference or jail appeal',
  })),
];

type Row = { id: string; company_id: string; value: string; field_versions: string; field_writers: string };

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

/** The corrected value of a row, or null when it holds nothing of the old spelling. */
function corrected(fix: Fix, value: string): string | null {
  if (!fix.json) return value === fix.from ? fix.to : null;
  let names: unknown;
  try {
    names = JSON.parse(value);
  } catch {
    return null;
  }
  if (!Array.isArray(names) || !names.includes(fix.from)) return null;
  return JSON.stringify(names.map((n: unknown) => (n === fix.from ? fix.to : n)));
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
  for (const fix of FIXES) {
    const rows: Row[] = await db
      .selectFrom(fix.table)
      .select(['id', 'company_id', `${fix.column} as value`, 'field_versions', 'field_writers'])
      .where('deleted_at', 'is', null)
      .where(fix.column, fix.json ? 'like' : '=', fix.json ? `%${fix.from}%` : fix.from)
      .execute();
    for (const row of rows) {
      const value = corrected(fix, row.value);
      if (value === null) continue;
      const seq = await nextSeq(db, row.company_id);
      const now = new Date().toISOString();
      await db
        .insertInto('change_log')
        .values({ company_id: row.company_id, seq, entity: fix.table, row_id: row.id, changed_at: now })
        .execute();
      await db
        .updateTable(fix.table)
        .set({
          [fix.column]: value,
          version: seq,
          updated_at: now,
          // Nobody of the firm made this change: a conflict against it must not name the last editor.
          updated_by: null,
          field_versions: withField(row.field_versions, fix.column, seq),
          field_writers: withField(row.field_writers, fix.column, WRITER),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

export async function down(): Promise<void> {
  // The old spellings were mistakes: nothing to put back.
}
