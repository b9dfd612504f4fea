import { useState } from 'react';
import { formatDate, parseDisplayDate } from '@lawfirm/shared-types';
import { ORDER_SHEETS } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { caseNameOf, caseTitle } from '@lawfirm/shared-types/case-files/case-title.ts';
import { NEXT_DATE_PICKS, quickPickDate } from '@lawfirm/shared-types/court-day/next-date.ts';
import { ConfirmDialog, Modal } from '../feedback/Modal.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { useAttachments } from '../case-documents/useCaseDocuments.ts';
import { checkFile } from '../attachments/sniff.ts';
import { todayIso } from '../case-files/hearing.logic.ts';
import { useLookups } from '../case-files/useCaseFiles.ts';
import { nextDisplayOrder } from '../tables/rowOrder.ts';
import { useSync } from '../sync/hooks.ts';
import { CHECKED, DATE_INVALID, type TDraft, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { recordHearingLocal } from './recordHearing.actions.ts';
import {
  MSG_NEXT_AFTER_HEARING,
  MSG_OUTCOME_REQUIRED,
  MSG_PHOTO_NOT_IMAGE,
  MSG_RECORDED,
  OUTCOME_DECIDED,
  recordTargets,
} from './recordHearing.logic.ts';
import { useRecordData, type TRecordData } from './useRecordHearing.ts';
import { COURT_ROOM_FIELD, SERIAL_FIELD } from './placeFields.ts';
import './court-day.css';

/** The declared fields (docs/forms.md); the outcome's options are the firm's order-sheet types. */
const OUTCOME: TField = { key: 'outcome', label: 'Outcome', kind: 'select', required: MSG_OUTCOME_REQUIRED };
const NOTE: TField = { key: 'note', label: 'Note', kind: 'textarea', maxLength: 5000 };
const NEXT: TField = { key: 'next', label: 'Next date', kind: 'date', invalid: DATE_INVALID };
const ARCHIVE: TField = { key: 'archive', label: 'Archive the case', kind: 'checkbox' };
const FIELDS_BASE = [NOTE, NEXT, COURT_ROOM_FIELD, SERIAL_FIELD, ARCHIVE];

/** The record form in its dialog, once the case's data is read from the device. */
export function RecordHearingDialog({
  petitionId,
  hearingId,
  onClose,
}: {
  petitionId: string;
  hearingId: string | null;
  onClose: () => void;
}) {
  const data = useRecordData(petitionId);
  if (data === undefined) return null;
  if (data === null)
    return (
      <Modal open title="Record hearing" onClose={onClose}>
        <p role="alert">This case file is not on this device.</p>
      </Modal>
    );
  return <RecordForm data={data} hearingId={hearingId} onClose={onClose} />;
}

/**
 * Issue 34 item 1: Outcome, Note, Photo, Next date (typed, or +7/+14/+30 moved past Sundays and the firm's
 * holidays), Court room, Serial and Save, in one dialog that fits a 390x844 phone with the keyboard closed (Save
 * at the bottom, under the thumb). One local save (recordHearingLocal), so it works offline. Closing it with
 * anything typed or a photo chosen asks first (the form kit's guard). Choosing Decided asks whether to archive.
 */
function RecordForm({
  data,
  hearingId,
  onClose,
}: {
  data: TRecordData;
  hearingId: string | null;
  onClose: () => void;
}) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const lookups = useLookups();
  const [today] = useState(todayIso);
  const targets = recordTargets(data.sheets, today, hearingId);
  const hearing = targets.hearing;
  const day = hearing?.order_sheet_date ?? today;
  const attachments = useAttachments(ORDER_SHEETS.model, hearing?.id);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const outcomeField = { ...OUTCOME, options: data.outcomes, placeholder: '--Select--' };
  const fields = [outcomeField, ...FIELDS_BASE];
  const decidedId = data.outcomes.find((o) => o.label.toLowerCase() === OUTCOME_DECIDED.toLowerCase())?.value;

  const form = useFieldForm(
    fields,
    () => ({
      outcome: hearing?.order_sheet_type_id ?? '',
      note: hearing?.description ?? '',
      next: '',
      court_room: typeof hearing?.court_room === 'string' ? hearing.court_room : '',
      serial_no: typeof hearing?.serial_no === 'number' ? String(hearing.serial_no) : '',
      archive: '',
      photo: '',
    }),
    {
      check: (d: TDraft) => {
        const next = parseDisplayDate(d.next?.trim() ?? '');
        return { next: next && next <= day ? MSG_NEXT_AFTER_HEARING : undefined };
      },
    },
  );
  const close = () => form.leave(onClose);
  const name = caseTitle(
    caseNameOf(data.petition, lookups?.abbrOf(data.petition.petition_type_id ?? null) ?? null),
  );

  const choosePhoto = async (file: File | undefined) => {
    setPhotoError(null);
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const check = checkFile(file.name, bytes);
    if (!check.ok || !check.mime.startsWith('image/')) {
      setPhotoError(check.ok ? MSG_PHOTO_NOT_IMAGE : check.message);
      return;
    }
    const kept = new File([bytes], file.name || `photo.${check.kind}`, { type: check.mime });
    setPhoto(kept);
    form.patch({ photo: kept.name });
  };

  const save = async (values: Record<string, unknown>) => {
    if (!ctx) {
      toast.error('Something went wrong!', 'The local database is not open yet.');
      throw new Error('no local database');
    }
    const next = values.next as string | null;
    try {
      await saved(
        () =>
          recordHearingLocal(ctx.db, {
            petitionId: data.petition.id,
            date: day,
            hearing,
            outcomeId: String(values.outcome),
            note: (values.note as string | null) ?? null,
            courtRoom: (values.court_room as string | null) ?? null,
            serialNo: (values.serial_no as number | null) ?? null,
            photo,
            firstOrder: nextDisplayOrder(attachments ?? []),
            next: next ? { date: next, sheet: targets.next } : null,
            archive: values.outcome === decidedId && values.archive === true ? data.petition : null,
          }),
        MSG_RECORDED,
        { files: (r) => r.files },
      );
      onClose();
    } catch (e) {
      toast.failed(e);
      throw e;
    }
  };
  const submit = form.submit(save);

  const pick = (days: number) => {
    const r = quickPickDate(day, days, data.holidays);
    if (!r) return;
    form.set('next', formatDate(r.date));
    setPicked(
      r.skipped.length
        ? `${formatDate(r.date)}: passed ${r.skipped.map((s) => `${formatDate(s.date)} (${s.why})`).join(', ')}`
        : null,
    );
  };
  const decided = !!decidedId && form.draft.outcome === decidedId;

  return (
    // The question dialogs are siblings of the form's dialog, not inside it: a nested <dialog>'s close event
    // would bubble to the form's dialog and read as a request to close the form.
    <>
      <Modal open title="Record hearing" onClose={close}>
        <form className="record-form" noValidate onSubmit={submit} aria-describedby="record-case">
          <p className="record-case" id="record-case">
            {name} · {formatDate(day)}
          </p>
          <Field
            {...form.bind('outcome')}
            field={outcomeField}
            onChange={(text) => {
              form.set('outcome', text);
              // A decided case has no next date: the question of archiving takes its place.
              if (decidedId && text === decidedId) {
                form.set('next', '');
                setPicked(null);
                setAsking(true);
              } else form.set('archive', '');
            }}
          />
          <Field {...form.bind('note')} rows={2} />
          <div className="field record-photo">
            <div className="field-label">
              <label htmlFor="record-photo">Photo</label>
            </div>
            <input
              id="record-photo"
              type="file"
              accept="image/*"
              capture="environment"
              aria-invalid={photoError ? true : undefined}
              aria-describedby={photoError ? 'record-photo-error' : undefined}
              onChange={(e) => void choosePhoto(e.target.files?.[0])}
            />
            {photo && <span className="record-photo-name">{photo.name}</span>}
            {photoError && (
              <div className="field-error" id="record-photo-error" role="alert">
                {photoError}
              </div>
            )}
          </div>
          {!decided && (
            <div className="record-next">
              <Field
                {...form.bind('next')}
                placeholder="dd/mm/yyyy"
                inputMode="numeric"
                hint={picked ?? undefined}
                onChange={(text) => {
                  form.set('next', text);
                  setPicked(null);
                }}
              />
              <div className="record-picks" role="group" aria-label="Next date in">
                {NEXT_DATE_PICKS.map((d) => (
                  <button key={d} type="button" className="btn" onClick={() => pick(d)}>
                    +{d}
                  </button>
                ))}
              </div>
            </div>
          )}
          {decided && <Field {...form.bind('archive')} />}
          <div className="record-place">
            <Field {...form.bind('court_room')} />
            <Field {...form.bind('serial_no')} inputMode="numeric" />
          </div>
          <button type="submit" className="btn primary record-save" disabled={form.submitting}>
            Save
          </button>
        </form>
      </Modal>
      <ConfirmDialog
        open={asking}
        message="The case is decided. Archive it?"
        detail="An archived case leaves the active list; it can be restored from the archive."
        confirmLabel="Archive"
        cancelLabel="Keep it open"
        onConfirm={() => {
          form.set('archive', CHECKED);
          setAsking(false);
        }}
        onCancel={() => setAsking(false)}
      />
      {form.dialog}
    </>
  );
}
