import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { can, formatDate, MSG, parseDisplayDate } from '@lawfirm/shared-types';
import {
  datedFields,
  MSG_DATE_REQUIRED,
  type TDatedModule,
} from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { useSync } from '../../sync/hooks.ts';
import { DATE_INVALID } from '../../ui/fields.ts';
import { FormField, SelectField, TextAreaField, TextField } from '../../ui/form.tsx';
import { nextDisplayOrder } from '../../tables/rowOrder.ts';
import { useToast } from '../../feedback/toast.tsx';
import { useSaveReport } from '../../feedback/useSaveReport.ts';
import { AttachmentsTable } from '../AttachmentsTable.tsx';
import { NotFound } from '../ReplyParentsScreen.tsx';
import { UploadPanel } from '../UploadPanel.tsx';
import { useAttachments } from '../useCaseDocuments.ts';
import { saveDatedLocal } from './dated.actions.ts';
import { datedIndexPath, type TDatedRow } from './dated.logic.ts';
import { useDatedRow, useModuleTypes } from './useDated.ts';
import './dated.css';

const DATE_FIELD = { kind: 'date' } as const;

/**
 * The save/edit form of a dated module (part 2 §2.1–2.2): the same form creates (no id in the route) and
 * edits; a local write, so it works offline; then the item's index screen. Admins and lawyers choose files on
 * either (kept on the device with the row on Save or Update); editing also shows the attachments table
 * (Select all, Delete Selected).
 */
export function DatedFormScreen({ m }: { m: TDatedModule }) {
  const { petition_id: petitionId = '', editable_id: id } = useParams();
  const row = useDatedRow(m, id);
  if (id && row === null) return <NotFound />;
  if (id && row === undefined)
    return (
      <section className="page" role="status">
        Loading....
      </section>
    );
  return <DatedForm key={id ?? 'new'} m={m} petitionId={petitionId} row={row ?? null} />;
}

function DatedForm({ m, petitionId, row }: { m: TDatedModule; petitionId: string; row: TDatedRow | null }) {
  const f = datedFields(m);
  const { actor } = useAuth();
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const navigate = useNavigate();
  const types = useModuleTypes(m);
  const attachments = useAttachments(m.model, row?.id);
  const canEdit = can(actor, 'petitions.edit');
  const canUpload = can(actor, 'attachments.upload');
  const [title, setTitle] = useState(row?.title ?? '');
  const [date, setDate] = useState(formatDate((row?.[f.date] as string | null) ?? null));
  const [type, setType] = useState((row?.[f.type] as string | null) ?? '');
  const [description, setDescription] = useState(row?.description ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const heading = `${row ? 'Edit' : 'Add New'} ${m.label}`;

  if (!canEdit)
    return (
      <section className="page">
        <h1>{heading}</h1>
        <p role="alert">{MSG.forbidden}</p>
      </section>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const iso = date.trim() ? parseDisplayDate(date.trim()) : null;
    const found: Record<string, string> = {};
    if (m.titleRequired && !title.trim()) found.title = MSG.titleRequired;
    if (!date.trim()) found.date = MSG_DATE_REQUIRED;
    else if (!iso) found.date = DATE_INVALID;
    setErrors(found);
    if (Object.keys(found).length || !ctx || busy) return;
    const values: Record<string, unknown> = {
      title: title.trim() || null,
      [f.date]: iso,
      [f.type]: type || null,
      description: description.trim() || null,
    };
    if (!row) values.petition_id = petitionId;
    setBusy(true);
    try {
      const seen = row?.field_versions as Record<string, number> | undefined;
      const attach = { petitionId, files, firstOrder: nextDisplayOrder(attachments ?? []) };
      const result = await saved(
        () => saveDatedLocal(ctx.db, m, row?.id ?? null, values, { seen, attach }),
        row ? MSG.updatedOk : MSG.savedOk,
        { files: (r) => r.files },
      );
      void navigate(datedIndexPath(m, petitionId, result.id));
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page dated-form">
      <h1>{heading}</h1>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label="Title"
          value={title}
          onChange={setTitle}
          maxLength={500}
          required={m.titleRequired}
          error={errors.title}
        />
        <FormField
          field={DATE_FIELD}
          label={`${m.label} Date`}
          value={date}
          onChange={setDate}
          placeholder="dd/mm/yyyy"
          inputMode="numeric"
          required
          error={errors.date}
        />
        <SelectField
          label="Type"
          value={type}
          onChange={setType}
          placeholder="--Select--"
          options={(types.list ?? []).map((t) => ({ value: t.id, label: t.title }))}
        />
        <TextAreaField label="Description" value={description} onChange={setDescription} maxLength={5000} />
        {canUpload && (
          <HeldFiles files={files} onChange={setFiles}>
            <UploadPanel hold={(more) => setFiles((held) => [...held, ...more])} />
          </HeldFiles>
        )}
        <div className="dated-toolbar">
          <button type="submit" className="btn primary" disabled={busy}>
            {row ? 'Update' : 'Save'}
          </button>
          <Link className="btn" to={datedIndexPath(m, petitionId, row?.id)}>
            Back
          </Link>
        </div>
      </form>
      {row && <AttachmentsTable attachments={attachments} canEdit={canEdit} />}
    </section>
  );
}

/**
 * The upload control of the form (part 2 §2.1: on creating too) and the files chosen so far: checked by
 * their bytes on selection, kept on the device with the row when it is saved, and uploaded by the sync engine.
 */
function HeldFiles({
  files,
  onChange,
  children,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="dated-files">
      <legend>Attachments</legend>
      {children}
      {files.length > 0 && (
        <ul aria-label="Files to attach">
          {files.map((f, i) => (
            <li key={`${i}-${f.name}`}>
              <span>{f.name}</span>
              <button
                type="button"
                className="btn"
                aria-label={`Remove ${f.name}`}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
