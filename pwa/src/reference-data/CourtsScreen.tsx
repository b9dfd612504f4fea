import { courtsDecl } from '@lawfirm/shared-types';
import { withRowRules } from '../ui/fields.ts';
import { RowTable, type TColumn } from '../ui/RowTable.tsx';
import { deleteCourtLocal } from './referenceData.actions.ts';
import { useCanManageReference, useCourts, type TCourtRow } from './useReferenceData.ts';

const COLUMNS: readonly TColumn[] = withRowRules(courtsDecl.schema, [
  { key: 'title', label: 'Title', maxLength: 255 },
  { key: 'short_title', label: 'Short Title', maxLength: 100 },
]);

const removeCourt = (db: Parameters<typeof deleteCourtLocal>[0], court: TCourtRow) =>
  deleteCourtLocal(db, court.id);

/** Courts of the firm (part 2 §2.8): admins add, edit inline and delete; everyone else reads. */
export function CourtsScreen() {
  return (
    <section className="page">
      <h1>Courts</h1>
      <RowTable
        entity="courts"
        columns={COLUMNS}
        rows={useCourts()}
        canEdit={useCanManageReference()}
        add
        remove={removeCourt}
      />
    </section>
  );
}
