import { DATED_MODULES } from '@lawfirm/shared-types';
import { datedSections } from '@lawfirm/shared-types/case-documents/dated.pdf.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import type { PetitionTable } from '../db/schema.ts';

/** The dated modules' sections of a case file's whole PDF, from the firm's rows (shared: dated.pdf.ts). */
export async function datedSectionsOf(db: Db, p: Selectable<PetitionTable>) {
  const firm = forFirm(db, p.company_id);
  const [lists, files, types] = await Promise.all([
    Promise.all(
      DATED_MODULES.map(
        (m) =>
          firm.live(m.entity).selectAll().where('petition_id', '=', p.id).execute() as Promise<
            Record<string, unknown>[]
          >,
      ),
    ),
    firm
      .live('attachments')
      .selectAll()
      .where('petition_id', '=', p.id)
      .where(
        'owner_type',
        'in',
        DATED_MODULES.map((m) => m.model),
      )
      .execute(),
    // Deleted types included: an item keeps the type it was written with.
    firm.selectFrom('module_types').select(['id', 'title']).execute(),
  ]);
  return datedSections(
    (m) => lists[DATED_MODULES.findIndex((d) => d.entity === m.entity)] as { id: string }[],
    files,
    types,
  );
}
