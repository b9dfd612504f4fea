import { useState } from 'react';
import {
  formatDate,
  MSG,
  MSG_DATE_INVALID,
  MSG_DATE_REQUIRED,
  MSG_MEETING_TITLE_REQUIRED,
} from '@lawfirm/shared-types';
import { Modal } from '../feedback/Modal.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { useSync } from '../sync/hooks.ts';
import type { TDraft, TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { deleteEventLocal, saveEventLocal } from './calendar.actions.ts';
import { CASE_SEARCH_MIN, type THearing } from './calendar.logic.ts';
import { useCaseSearch } from './useHearings.ts';
import { COURT_ROOM_FIELD, placeDraft, SERIAL_FIELD } from '../court-day/placeFields.ts';

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
const DATE: TField = {
  key: 'date',
  label: 'Date',
  kind: 'date',
  required: MSG_DATE_REQUIRED,
  invalid: MSG_DATE_INVALID,
};
const SUMMARY: TField = { key: 'summary', label: 'Summary', kind: 'textarea', maxLength: 5000 };
const TITLE_LABEL = 'Title of Case or Meeting';
/** Typed freely: the title of a meeting, or of a hearing shown only. */
const TITLE: TField = { key: 'title', label: TITLE_LABEL };
/** On a new event: the case files on this device found from 3 characters (the one autocomplete). */
const TITLE_SEARCH: TField = {
  key: 'title',
  label: TITLE_LABEL,
  kind: 'autocomplete',
  placeholder: 'Find by Case No',
};
// A hearing's court room and serial (issue 34), shown for a case's hearing only.
const FIELDS = [DATE, TITLE, SUMMARY, COURT_ROOM_FIELD, SERIAL_FIELD];

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
  const event = target.mode === 'add' ? null : target.event;
  const readOnly = target.mode === 'view';
  const hearing = event?.kind === 'hearing';
  // A hearing stays with its case file: only a meeting's title is typed again when editing.
  const titleFixed = readOnly || hearing;
  // The draft: the fields, and the case file picked (`case_id`, its title being the field's text).
  const form = useFieldForm(
    FIELDS,
    () => ({
      date: formatDate(event ? event.date : (target as { date: string }).date),
      title: event?.title ?? '',
      summary: event?.summary ?? '',
      case_id: event?.petitionId ?? '',
      ...placeDraft(event),
    }),
    {
      readOnly,
      // Text matching no case is a meeting, which needs its title; a hearing keeps its case's.
      check: (d: TDraft) => ({
        title: d.case_id || hearing || d.title?.trim() ? undefined : MSG_MEETING_TITLE_REQUIRED,
      }),
    },
  );
  const [deleting, setDeleting] = useState(false);
  const busy = deleting || form.submitting;
  const close = () => form.leave(onClose);

  const title = form.draft.title ?? '';
  const caseId = form.draft.case_id ?? '';
  const searching = !titleFixed && target.mode === 'add';
  const matches = searching && search && !caseId ? search(title) : [];
  const isMeeting = !caseId && title.trim().length >= CASE_SEARCH_MIN && matches.length === 0;

  const save = async (values: Record<string, unknown>) => {
    if (!ctx) {
      toast.error('Something went wrong!', 'The local database is not open yet.');
      throw new Error('no local database');
    }
    const date = String(values.date);
    const summary = (values.summary as string | null) ?? null;
    const petitionId = hearing ? event.petitionId : caseId || null;
    try {
      await saved(
        () =>
          saveEventLocal(
            ctx.db,
            userId,
            event,
            petitionId
              ? {
                  date,
                  summary,
                  petitionId,
                  place: {
                    court_room: (values.court_room as string | null) ?? null,
                    serial_no: (values.serial_no as number | null) ?? null,
                  },
                }
              : { date, summary, petitionId: null, title: title.trim() },
          ),
        MSG_EVENT_SAVED,
      );
      onClose();
    } catch (e) {
      toast.failed(e);
      throw e;
    }
  };
  const submit = form.submit(save);
  const remove = async () => {
    if (!event || !ctx) return;
    // The spec's browser confirm.
    if (!window.confirm(MSG_DELETE_EVENT)) return;
    setDeleting(true);
    try {
      await saved(() => deleteEventLocal(ctx.db, event), MSG_EVENT_DELETED);
      onClose();
    } catch (e) {
      toast.failed(e);
    } finally {
      setDeleting(false);
    }
  };

  const heading = target.mode === 'add' ? 'Add Event' : readOnly ? 'Event' : 'Edit Event';
  const titleHint = isMeeting
    ? 'No case file matches: it will be saved as a meeting.'
    : caseId && target.mode === 'add'
      ? 'Case file chosen.'
      : undefined;
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
            <button type="button" className="btn primary" disabled={busy} onClick={submit}>
              {event ? 'Edit Event' : 'Add Event'}
            </button>
          )}
          <button type="button" className="btn" onClick={close}>
            Close
          </button>
        </div>
      }
    >
      <form className="event-form" noValidate onSubmit={submit}>
        <Field {...form.bind('date')} />
        <Field
          {...form.bind('title')}
          field={searching ? TITLE_SEARCH : TITLE}
          className="event-title"
          title={title}
          hint={titleHint}
          readOnly={titleFixed || undefined}
          // Its message waits for the save: shown as the field is left it would move what the finger is on.
          onBlur={undefined}
          listLabel="Case files"
          choices={matches.map((c) => ({ key: c.id, label: c.label }))}
          onChange={(text) => form.patch({ title: text, case_id: '' })}
          onPick={(o) => {
            const c = matches.find((m) => m.id === o.key);
            if (c) form.patch({ title: c.label, case_id: c.id });
          }}
          onEnter={searching ? submit : undefined}
        />
        <Field {...form.bind('summary')} rows={3} />
        {(hearing || !!caseId) && (
          <div className="event-place">
            <Field {...form.bind('court_room')} />
            <Field {...form.bind('serial_no')} inputMode="numeric" />
          </div>
        )}
      </form>
      {form.dialog}
    </Modal>
  );
}
