import { useId, useState } from 'react';
import { useSync } from '../../sync/hooks.ts';
import { useToast } from '../../ui/toast.tsx';
import { removeHearingDateLocal, saveHearingDateLocal } from '../caseFiles.actions.ts';
import type { TOrderSheetRow } from '../caseFiles.types.ts';
import { formatShortDate, hearingDateError, todayIso } from '../hearing.logic.ts';
import { ChoiceDialog } from '../shared/ChoiceDialog.tsx';

export const HEARING_ADDED = 'Hearing Date Added Successfully!';
export const HEARING_REMOVED = 'Hearing Date & Calendar Event Remove Successfully!';

/**
 * 'Add Hearing Date' / 'Next Hearing Date dd/mm/yy' of a case (part 1 §2, §4). The next hearing is an order
 * sheet (hearing.logic.ts); every change is a local write, so a lawyer can set it in a corridor with no
 * signal. The calendar is the browser's own date input: it is accessible and keyboard-friendly everywhere.
 */
export function HearingDateControl({
  petitionId,
  next,
}: {
  petitionId: string;
  /** The order sheet of the next hearing (useCaseStats), null for none, undefined while loading. */
  next: TOrderSheetRow | null | undefined;
}) {
  const ctx = useSync();
  const toast = useToast();
  const errorId = useId();
  const [mode, setMode] = useState<'view' | 'ask' | 'edit'>('view');
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (write: () => Promise<unknown>, success: string) => {
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    setBusy(true);
    try {
      await write();
      toast.success(success);
      setMode('view');
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  const remove = () => {
    // Part 1 §5: clearing changes nothing when there was no date.
    if (!next || !ctx) return setMode('view');
    void run(() => removeHearingDateLocal(ctx.db, next), HEARING_REMOVED);
  };
  const save = () => {
    const problem = hearingDateError(date, todayIso());
    setError(problem);
    if (problem || !ctx) return;
    if (next?.order_sheet_date === date) return setMode('view');
    void run(() => saveHearingDateLocal(ctx.db, petitionId, next ?? null, date), HEARING_ADDED);
  };
  const edit = () => {
    setDate(next?.order_sheet_date ?? '');
    setError(null);
    setMode('edit');
  };

  if (next === undefined) return null;
  if (mode === 'edit')
    return (
      <div className="hearing-editor" role="group" aria-label="Set the next hearing">
        <input
          type="date"
          aria-label="Hearing date"
          autoFocus
          min={todayIso()}
          value={date}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setDate(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            } else if (e.key === 'Escape') setMode('view');
          }}
        />
        <div className="hearing-buttons">
          <button type="button" className="btn small primary" disabled={busy} onClick={save}>
            Save
          </button>
          <button type="button" className="btn small" disabled={busy} onClick={remove}>
            Clear
          </button>
          <button type="button" className="btn small" onClick={() => setMode('view')}>
            Cancel
          </button>
        </div>
        {error && (
          <div className="field-error" id={errorId}>
            {error}
          </div>
        )}
      </div>
    );

  return (
    <>
      <button
        type="button"
        className={next ? 'hearing-btn has-date' : 'hearing-btn'}
        onClick={() => (next ? setMode('ask') : edit())}
      >
        {next ? (
          <>
            <span>Next Hearing Date</span> <strong>{formatShortDate(next.order_sheet_date)}</strong>
          </>
        ) : (
          'Add Hearing Date'
        )}
      </button>
      {mode === 'ask' && (
        <ChoiceDialog
          message="Do you want to Remove/Change Hearing Date?"
          onDelete={remove}
          onEdit={edit}
          onClose={() => setMode('view')}
        />
      )}
    </>
  );
}
