import type { Kysely } from 'kysely';
import { setLoggedField, type TLoggedRow } from './lib/logged-field.ts';

/**
 * The limitation calculator's first date field is "Challenging Date" (issue 31). Firms were seeded with the
 * spec's typo "Challanging Date", which the original web client cannot use: it finds the input by the label
 * with its spaces taken out (`#ChallengingDate`), so its calculator never computed. New firms are seeded with
 * the right label; this corrects the sub answers of installed firms, the seeded ones and those an admin saved
 * with the old spelling alike (the label is one of three fixed values, not free text).
 *
 * Each corrected row is a logged change (lib/logged-field.ts), so devices that synced before pull it.
 */
const OLD = 'Challanging Date';
const NEW = 'Challenging Date';

export async function up(db: Kysely<any>): Promise<void> {
  const rows: TLoggedRow[] = await db
    .selectFrom('limitation_sub_answers')
    .select(['id', 'company_id', 'field_versions', 'field_writers'])
    .where('date_field_label', '=', OLD)
    .where('deleted_at', 'is', null)
    .orderBy('company_id')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    await setLoggedField(db, 'limitation_sub_answers', row, 'date_field_label', NEW);
  }
}

export async function down(): Promise<void> {
  // The old spelling was a mistake that stopped the original client's calculator: nothing to put back.
}
