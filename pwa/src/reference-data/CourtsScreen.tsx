import { useState } from 'react';
import { courtsDecl } from '@lawfirm/shared-types';
import { withRowRules } from '../ui/fields.ts';
import { RowTable, type TColumn } from '../ui/RowTable.tsx';
import { MergeCourtDialog } from './MergeCourtDialog.tsx';
import { deleteCourtLocal } from './referenceData.actions.ts';
import { useCanManageReference, useCourts, type TCourtRow } from './useReferenceData.ts';

const COLUMNS: readonly TColumn[] = withRowRules(courtsDecl.schema, [
  { key: 'title', label: 'Title', maxLength: 255 },
  { key: 'short_title', label: 'Short Title', maxLength: 100 },
]);

const removeCourt = (db: Parameters<typeof deleteCourtLocal>[0], court: TCourtRow) =>
  deleteCourtLocal(db, court.id);

/**
 * Courts of the firm (part 2 §2.8): admins add, edit inline, delete, and merge a near-duplicate into the court
 * to keep (lawyers add courts from the case form, offline, so duplicates happen); everyone else reads.
 */
export function CourtsScreen() {
  const courts = useCourts();
  const [merging, setMerging] = useState<TCourtRow | null>(null);
  return (
    <section className="page">
      <h1>Courts</h1>
      <RowTable
        entity="courts"
        columns={COLUMNS}
        rows={courts}
        canEdit={useCanManageReference()}
        add
        remove={removeCourt}
        rowActions={(court: TCourtRow) => (
          // The visible words start the name (label-in-name); the court it merges away ends it, for a screen reader.
          <button type="button" className="btn" onClick={() => setMerging(court)}>
            Merge into…<span className="sr-only"> ({court.title})</span>
          </button>
        )}
      />
      <MergeCourtDialog court={merging} courts={courts ?? []} onClose={() => setMerging(null)} />
    </section>
  );
}
