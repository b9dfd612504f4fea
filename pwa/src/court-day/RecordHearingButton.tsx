import { lazy, Suspense, useState } from 'react';
import { useCan } from '../case-files/useCaseFiles.ts';

const RecordHearingDialog = lazy(() =>
  import('./RecordHearingDialog.tsx').then((m) => ({ default: m.RecordHearingDialog })),
);

/**
 * "Record hearing" (issue 34 item 1) on Today's list, the cause list and the case page: opens the one form for
 * the case's hearing (`hearingId`, else its sheet of today). Shown to those who may write order sheets. The
 * form's code loads on the first tap (the dashboard's own start stays light).
 */
export function RecordHearingButton({
  petitionId,
  hearingId,
  caseName,
  className = 'btn',
}: {
  petitionId: string;
  hearingId?: string | null;
  /** Names the case in the button's accessible name when a list has several. */
  caseName?: string;
  className?: string;
}) {
  const canEdit = useCan('petitions.edit');
  const canDate = useCan('hearingDate.edit');
  const allowed = canEdit && canDate;
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <button
        type="button"
        className={`${className} record-hearing-btn`}
        aria-label={caseName ? `Record hearing: ${caseName}` : undefined}
        onClick={() => setOpen(true)}
      >
        Record hearing
      </button>
      {open && (
        <Suspense fallback={null}>
          <RecordHearingDialog
            petitionId={petitionId}
            hearingId={hearingId ?? null}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
