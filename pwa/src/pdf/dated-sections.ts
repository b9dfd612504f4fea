import { DATED_MODULES } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { datedSections } from '@lawfirm/shared-types/case-documents/dated.pdf.ts';
import type { TAttachmentRow, TNamed } from '@lawfirm/shared-types/pdf/case-data.ts';
import type { LocalDb } from '../sync/db.ts';

/** The dated modules' sections of the whole case-file PDF from this device's rows, as the server prints them. */
export async function datedSectionsLocal(
  db: LocalDb,
  petitionId: string,
  attachments: readonly TAttachmentRow[],
) {
  const [lists, types] = await Promise.all([
    Promise.all(
      DATED_MODULES.map((m) => db.rows(m.entity).where('petition_id').equals(petitionId).toArray()),
    ),
    db.rows('module_types').toArray(),
  ]);
  return datedSections(
    (m) => lists[DATED_MODULES.findIndex((d) => d.entity === m.entity)] as { id: string }[],
    attachments,
    types as unknown as TNamed[],
  );
}
