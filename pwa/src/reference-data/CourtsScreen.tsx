import { MSG } from '@lawfirm/shared-types';
import { InlineTable, type TInlineColumn } from '../ui/InlineTable.tsx';
import { deleteCourtLocal } from './referenceData.actions.ts';
import { useCanManageReference, useCourts, type TCourtRow } from './useReferenceData.ts';

const COLUMNS: readonly TInlineColumn[] = [
  { key: 'title', label: 'Title', kind: 'text', required: MSG.titleRequired, maxLength: 255 },
  { key: 'short_title', label: 'Short Title', kind: 'text', maxLength: 100 },
];

const removeCourt = (db: Parameters<typeof deleteCourtLocal>[0], court: TCourtRow) =>
  deleteCourtLocal(db, court.id);

/** Courts of the firm (part 2 §2.8): admins add, edit inline and delete; everyone else reads. */
export function CourtsScreen() {
  return (
    <section className="page">
      <h1>Courts</h1>
      <InlineTable
        entity="courts"
        columns={COLUMNS}
        rows={useCourts()}
        canEdit={useCanManageReference()}
        remove={removeCourt}
      />
    </section>
  );
}
