import { useId, useState } from 'react';
import {
  formatDate,
  MSG,
  MSG_DATE_INVALID,
  MSG_DATE_REQUIRED,
  MSG_MEETING_TITLE_REQUIRED,
  parseDisplayDate,
} from '@lawfirm/shared-types';
import { useSync } from '../sync/hooks.ts';
import { Combobox } from '../ui/Combobox.tsx';
import { Modal } from '../feedback/Modal.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useDiscardGuard } from '../ui/useDiscardGuard.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { applyMask, DATE_MASK } from '../ui/fields.ts';
import { deleteEventLocal, saveEventLocal } from './calendar.actions.ts';
import { CASE_SEARCH_MIN, type TCaseChoice, type THearing } from './calendar.logic.ts';
import { useCaseSearch } from './useHearings.ts';

/** What the modal opens on: a day to add an event to, or an event to edit (or only read). */
export type TEventTarget = { mode: 'add'; date: string } | { mode: 'edit' | 'view'; event: THearing };

export const MSG_DELETE_EVENT = 'Do you really want to delete?';
/** Part 2 §8's texts: the one success text of the event modal's save (add or edit), and the common delete one. */
export const MSG_EVENT_SAVED = 'Event saved Successfully!';
export const MSG_EVENT_DELETED = MSG.deletedOk;

/**
 * The calendar's event modal (part 2 §2.5): Date dd/mm/yyyy, 'Title of Case or Meeting' (the case files on this
 * device found from 3 characters; text matching no case is a meeting), a summary, and Go To Case File, Delete
 * Event, Add/Edit Event and Close. Every save is a local write (works offline), the same order sheet rows the
 * case card and the order sheets page write. Closing it with something typed and not saved asks first.
 */
export function EventModal({
  target,
  userId,
  onClose,
}: {
  target: TEventTarget;
  userId: string;
  onClose: () => void;
}) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const search = useCaseSearch();
  const ids = useId();
  const event = target.mode === 'add' ? null : target.event;
  const readOnly = target.mode === 'view';
  // A hearing stays with its case file: only a meeting's title is typed again when editing.
  const titleFixed = readOnly || event?.kind === 'hearing';

  const [first] = useState(() => ({
    date: formatDate(event ? event.date : (target as { date: string }).date),
    title: event?.title ?? '',
    summary: event?.summary ?? '',
  }));
  const [dateText, setDateText] = useState(first.date);
  const [title, setTitle] = useState(first.title);
  const [chosen, setChosen] = useState<TCaseChoice | null>(
    event?.petitionId ? { id: event.petitionId, label: event.title } : null,
  );
  const [summary, setSummary] = useState(first.summary);
  const [errors, setErrors] = useState<{ date?: string; title?: string }>({});
  const [busy, setBusy] = useState(false);
  const guard = useDiscardGuard(
    !readOnly && (dateText !== first.date || title !== first.title || summary !== first.summary),
  );
  const close = () => guard.leave(onClose);

  const searching = !titleFixed && target.mode === 'add';
  const matches = searching && search && !chosen ? search(title) : [];
  const typed = title.trim();
  const isMeeting = !chosen && typed.length >= CASE_SEARCH_MIN && matches.length === 0;

  const pick = (c: TCaseChoice) => {
    setChosen(c);
    setTitle(c.label);
    setErrors((e) => ({ ...e, title: undefined }));
  };

  const save = async () => {
    const date = dateText.trim() ? parseDisplayDate(dateText.trim()) : null;
    const problems = {
      date: !dateText.trim() ? MSG_DATE_REQUIRED : date ? undefined : MSG_DATE_INVALID,
      title: chosen || event?.kind === 'hearing' || typed ? undefined : MSG_MEETING_TITLE_REQUIRED,
    };
    setErrors(problems);
    if (problems.date || problems.title || !date) return;
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    setBusy(true);
    try {
      const petitionId = event?.kind === 'hearing' ? event.petitionId : (chosen?.id ?? null);
      await saved(
        () =>
          saveEventLocal(
            ctx.db,
            userId,
            event,
            petitionId
              ? { date, summary: summary.trim() || null, petitionId }
              : { date, summary: summary.trim() || null, petitionId: null, title: typed },
          ),
        MSG_EVENT_SAVED,
      );
      onClose();
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!event || !ctx) return;
    // The spec's browser confirm.
    if (!window.confirm(MSG_DELETE_EVENT)) return;
    setBusy(true);
    try {
      await saved(() => deleteEventLocal(ctx.db, event), MSG_EVENT_DELETED);
      onClose();
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };

  const heading = target.mode === 'add' ? 'Add Event' : readOnly ? 'Event' : 'Edit Event';
  const dateId = `${ids}-date`;
  const titleId = `${ids}-title`;
  const titleDescribedBy =
    [errors.title ? `${titleId}-error` : '', isMeeting ? `${titleId}-hint` : ''].filter(Boolean).join(' ') ||
    undefined;
  const summaryId = `${ids}-summary`;
  return (
    <Modal
      open
      title={heading}
      onClose={close}
      footer={
        <div className="event-buttons">
          {event?.petitionId && (
            <button
              type="button"
              className="btn"
              onClick={() => window.open(`/petitions/${event.petitionId}`, '_blank', 'noopener')}
            >
              Go To Case File
            </button>
          )}
          {event && !readOnly && (
            <button type="button" className="btn danger" disabled={busy} onClick={() => void remove()}>
              Delete Event
            </button>
          )}
          {!readOnly && (
            <button type="button" className="btn primary" disabled={busy} onClick={() => void save()}>
              {event ? 'Edit Event' : 'Add Event'}
            </button>
          )}
          <button type="button" className="btn" onClick={close}>
            Close
          </button>
        </div>
      }
    >
      <form
        className="event-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!readOnly) void save();
        }}
      >
        <div className={`field${errors.date ? ' has-error' : ''}`}>
          <div className="field-label">
            <label htmlFor={dateId}>Date</label>
          </div>
          <input
            id={dateId}
            type="text"
            inputMode="numeric"
            placeholder="dd/mm/yyyy"
            readOnly={readOnly}
            value={dateText}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? `${dateId}-error` : undefined}
            onChange={(e) => {
              setDateText(applyMask(e.target.value, DATE_MASK));
              setErrors((x) => ({ ...x, date: undefined }));
            }}
          />
          {errors.date && (
            <div className="field-error" id={`${dateId}-error`}>
              {errors.date}
            </div>
          )}
        </div>

        <div className={`field event-title${errors.title ? ' has-error' : ''}`}>
          <div className="field-label">
            <label htmlFor={titleId}>Title of Case or Meeting</label>
          </div>
          {searching ? (
            <Combobox
              id={titleId}
              placeholder="Find by Case No"
              title={title}
              listLabel="Case files"
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={titleDescribedBy}
              value={title}
              options={matches.map((c) => ({ key: c.id, label: c.label }))}
              onChange={(text) => {
                setTitle(text);
                setChosen(null);
                setErrors((x) => ({ ...x, title: undefined }));
              }}
              onPick={(o) => {
                const c = matches.find((m) => m.id === o.key);
                if (c) pick(c);
              }}
              onEnter={() => void save()}
            />
          ) : (
            <input
              id={titleId}
              type="text"
              readOnly={titleFixed}
              title={title}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={titleDescribedBy}
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                setErrors((x) => ({ ...x, title: undefined }));
              }}
            />
          )}
          {isMeeting && (
            <div className="field-hint" id={`${titleId}-hint`} aria-live="polite">
              No case file matches: it will be saved as a meeting.
            </div>
          )}
          {chosen && target.mode === 'add' && <div className="field-hint">Case file chosen.</div>}
          {errors.title && (
            <div className="field-error" id={`${titleId}-error`}>
              {errors.title}
            </div>
          )}
        </div>

        <div className="field">
          <div className="field-label">
            <label htmlFor={summaryId}>Summary</label>
          </div>
          <textarea
            id={summaryId}
            rows={3}
            maxLength={5000}
            readOnly={readOnly}
            value={summary}
            onChange={(e) => setSummary(e.target.value)}
          />
        </div>
      </form>
      {guard.dialog}
    </Modal>
  );
}
