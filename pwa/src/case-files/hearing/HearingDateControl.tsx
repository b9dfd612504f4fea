import { useId, useState } from 'react';
import type { TDraft, TField } from '../../ui/fields.ts';
import { FieldControl } from '../../ui/FieldControl.tsx';
import { useFieldForm } from '../../ui/forms/useFieldForm.tsx';
import { useSync } from '../../sync/hooks.ts';
import { ConfirmDialog } from '../../feedback/Modal.tsx';
import { useToast } from '../../feedback/toast.tsx';
import { useSaveReport } from '../../feedback/useSaveReport.ts';
import { useUndoable } from '../../feedback/useUndoable.ts';
import { removeHearingDateLocal, saveHearingDateLocal } from '../caseFiles.actions.ts';
import type { TOrderSheetRow } from '../caseFiles.types.ts';
import { formatShortDate, hearingDateError, todayIso } from '../hearing.logic.ts';
import { ChoiceDialog } from '../shared/ChoiceDialog.tsx';

export const HEARING_ADDED = 'Hearing Date Added Successfully!';
export const HEARING_REMOVED = 'Hearing Date & Calendar Event Remove Successfully!';

/** The one field: the browser's own date input, so its value is already YYYY-MM-DD. */
const FIELDS: TField[] = [{ key: 'date', label: 'Hearing date' }];
const checkDate = (d: TDraft) => ({ date: hearingDateError(d.date ?? '', todayIso()) ?? undefined });

/**
 * 'Add Hearing Date' / 'Next Hearing Date dd/mm/yy' of a case (part 1 §2, §4). The next hearing is an order
 * sheet (hearing.logic.ts); every change is a local write, so a lawyer can set it in a corridor with no
 * signal. The calendar is the browser's own date input: it is accessible and keyboard-friendly everywhere.
 * Removing a date (which deletes its order sheet) is asked twice, the second time naming the date, and can be
 * undone for a few seconds.
 */
export function HearingDateControl({
  petitionId,
  next: shown,
}: {
  petitionId: string;
  /** The order sheet of the next hearing (useCaseStats), null for none, undefined while loading. */
  next: TOrderSheetRow | null | undefined;
}) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const undoable = useUndoable();
  const errorId = useId();
  const [mode, setMode] = useState<'view' | 'ask' | 'confirm' | 'edit'>('view');
  // Not fields: a write under way, the step of the dialog.
  const [busy, setBusy] = useState(false);
  // The confirmation was opened from the editor (Clear): cancelling it goes back there.
  const [editing, setEditing] = useState(false);
  // The order sheet whose removal waits behind Undo: shown as gone meanwhile.
  const [removing, setRemoving] = useState<string | null>(null);
  const next = shown && shown.id === removing ? null : shown;
  // A date typed and not saved is not dropped by Cancel or Escape without asking. Its message shows once a
  // save was tried (not as the field is left: pressing Cancel would show it first).
  const form = useFieldForm(FIELDS, { date: '' }, { check: checkDate });
  const cancel = () =>
    form.leave(() => {
      form.reset();
      setMode('view');
    });

  /** Whether the write was saved. */
  const run = async (write: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(true);
    try {
      await saved(write, success);
      setMode('view');
      return true;
    } catch (e) {
      toast.failed(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const remove = () => {
    setMode('view');
    // Part 1 §5: clearing changes nothing when there was no date.
    if (!next || !ctx) return;
    const sheet = next;
    setRemoving(sheet.id);
    undoable({
      title: `Hearing date ${formatShortDate(sheet.order_sheet_date)} removed.`,
      commit: () => void run(() => removeHearingDateLocal(ctx.db, sheet), HEARING_REMOVED),
      undo: () => setRemoving(null),
    });
  };
  // Throws to keep the date unsaved (and asking before it is dropped).
  const save = form.submit(async (values) => {
    const date = String(values.date);
    if (!ctx) {
      toast.error('Something went wrong!', 'The local database is not open yet.');
      throw new Error('The local database is not open yet.');
    }
    if (next?.order_sheet_date === date) return setMode('view');
    if (!(await run(() => saveHearingDateLocal(ctx.db, petitionId, next ?? null, date), HEARING_ADDED)))
      throw new Error('The hearing date was not saved.');
  });
  const edit = () => {
    form.reset({ date: next?.order_sheet_date ?? '' });
    setMode('edit');
  };
  const error = form.errors.date;

  if (shown === undefined) return null;
  const confirm = (
    <ConfirmDialog
      open={mode === 'confirm'}
      detail={
        next ? `The hearing date ${formatShortDate(next.order_sheet_date)} will be removed.` : undefined
      }
      onConfirm={remove}
      // Also called when the dialog closes after Delete: only a still-open question goes back.
      onCancel={() => setMode((m) => (m === 'confirm' ? (editing ? 'edit' : 'view') : m))}
    />
  );
  if (mode === 'edit' || (mode === 'confirm' && editing))
    return (
      <div className="hearing-editor" role="group" aria-label="Set the next hearing">
        <FieldControl
          field={FIELDS[0] as TField}
          type="date"
          aria-label="Hearing date"
          autoFocus
          min={todayIso()}
          value={form.draft.date ?? ''}
          onChange={(text) => form.set('date', text)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onEnter={() => save()}
          onEscape={cancel}
        />
        <div className="hearing-buttons">
          <button type="button" className="btn small primary" disabled={busy} onClick={() => save()}>
            Save
          </button>
          <button type="button" className="btn small" onClick={cancel}>
            Cancel
          </button>
          {/* Clearing removes the date: kept apart from Save, and asked first. */}
          {next && (
            <button
              type="button"
              className="btn small danger apart"
              disabled={busy}
              onClick={() => {
                setEditing(true);
                setMode('confirm');
              }}
            >
              Clear
            </button>
          )}
        </div>
        {error && (
          <div className="field-error" id={errorId}>
            {error}
          </div>
        )}
        {confirm}
        {form.dialog}
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
          onDelete={() => {
            setEditing(false);
            setMode('confirm');
          }}
          onEdit={edit}
          onClose={() => setMode('view')}
        />
      )}
      {confirm}
    </>
  );
}
