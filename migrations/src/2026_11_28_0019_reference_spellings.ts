import type { Kysely } from 'kysely';
import { setLoggedField, type TLoggedRow } from './lib/logged-field.ts';

/**
 * The shared reference data corrected its spellings after firms were installed with the old ones: the case
 * category "Criminal Miscelleneous", the Limitation Act's other name "Murder refrence or jail appeal" (kept in
 * the firm's articles and in the calculator's answers), and non-breaking spaces in a statute's title. New firms
 * get the corrected data; this corrects installed firms. Only a value still spelt exactly as seeded is changed:
 * a title an admin has since edited is theirs.
 *
 * Each corrected row is a logged change (lib/logged-field.ts), so devices that synced before pull it.
 */
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

type Row = TLoggedRow & { value: string };

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
      await setLoggedField(db, fix.table, row, fix.column, value);
    }
  }
}

export async function down(): Promise<void> {
  // The old spellings were mistakes: nothing to put back.
}
