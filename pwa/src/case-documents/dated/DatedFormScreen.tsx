import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { can, MSG } from '@lawfirm/shared-types';
import {
  datedFields,
  MSG_DATE_REQUIRED,
  type TDatedModule,
} from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { useSync } from '../../sync/hooks.ts';
import { draftOf, type TField, type TOption } from '../../ui/fields.ts';
import { Field } from '../../ui/forms/Field.tsx';
import { useFieldForm } from '../../ui/forms/useFieldForm.tsx';
import { nextDisplayOrder } from '../../tables/rowOrder.ts';
import { useToast } from '../../feedback/toast.tsx';
import { useSaveReport } from '../../feedback/useSaveReport.ts';
import { AttachmentsTable } from '../AttachmentsTable.tsx';
import { NotFound } from '../ReplyParentsScreen.tsx';
import { UploadPanel } from '../UploadPanel.tsx';
import { PickedFile } from '../../attachments/SavedFile.tsx';
import { useAttachments } from '../useCaseDocuments.ts';
import { saveDatedLocal } from './dated.actions.ts';
import { datedIndexPath, type TDatedRow } from './dated.logic.ts';
import { useDatedRow, useModuleTypes } from './useDated.ts';
import './dated.css';

/** The module's fields (part 2 §2.1): its date and type columns are named by the module. */
function datedFormFields(m: TDatedModule, types: readonly TOption[]): TField[] {
  const f = datedFields(m);
  return [
    {
      key: 'title',
      label: 'Title',
      maxLength: 500,
      ...(m.titleRequired ? { required: MSG.titleRequired } : {}),
    },
    { key: f.date, label: `${m.label} Date`, kind: 'date', required: MSG_DATE_REQUIRED },
    { key: f.type, label: 'Type', kind: 'select', placeholder: '--Select--', options: types },
    { key: 'description', label: 'Description', kind: 'textarea', maxLength: 5000 },
  ];
}

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
  const { actor } = useAuth();
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const navigate = useNavigate();
  const types = useModuleTypes(m);
  const attachments = useAttachments(m.model, row?.id);
  const canEdit = can(actor, 'petitions.edit');
  const canUpload = can(actor, 'attachments.upload');
  const typeOptions = useMemo(
    () => (types.list ?? []).map((t) => ({ value: t.id, label: t.title })),
    [types.list],
  );
  const fields = useMemo(() => datedFormFields(m, typeOptions), [m, typeOptions]);
  // Not fields: the files chosen to attach (kept with the row on Save; unsaved work while any are held).
  const [files, setFiles] = useState<File[]>([]);
  const form = useFieldForm(fields, () => draftOf(fields, row ?? {}), { dirty: files.length > 0 });
  const heading = `${row ? 'Edit' : 'Add New'} ${m.label}`;

  if (!canEdit)
    return (
      <section className="page">
        <h1>{heading}</h1>
        <p role="alert">{MSG.forbidden}</p>
      </section>
    );

  // Throws to keep the form unsaved (and asking before it is left).
  const save = async (all: Record<string, unknown>) => {
    if (!ctx) throw new Error('The local database is not open yet.');
    // An edit writes only what changed, so another device's edit of another field merges.
    const values: Record<string, unknown> = row ? form.changed() : { ...all, petition_id: petitionId };
    try {
      const seen = row?.field_versions as Record<string, number> | undefined;
      const attach = { petitionId, files, firstOrder: nextDisplayOrder(attachments ?? []) };
      const result = await saved(
        () => saveDatedLocal(ctx.db, m, row?.id ?? null, values, { seen, attach }),
        row ? MSG.updatedOk : MSG.savedOk,
        { files: (r) => r.files },
      );
      setFiles([]);
      void navigate(datedIndexPath(m, petitionId, result.id));
    } catch (err) {
      toast.failed(err);
      throw err;
    }
  };

  return (
    <section className="page dated-form">
      <h1>{heading}</h1>
      <form noValidate onSubmit={form.submit(save)}>
        {fields.map((field) => (
          <Field key={field.key} {...form.bind(field.key)} />
        ))}
        {canUpload && (
          <HeldFiles files={files} onChange={setFiles}>
            <UploadPanel owner={m.model} hold={(more) => setFiles((held) => [...held, ...more])} />
          </HeldFiles>
        )}
        <div className="dated-toolbar">
          <button type="submit" className="btn primary" disabled={form.submitting}>
            {row ? 'Update' : 'Save'}
          </button>
          <Link className="btn" to={datedIndexPath(m, petitionId, row?.id)}>
            Back
          </Link>
        </div>
        {form.dialog}
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
        <ul className="receipts" aria-label="Files to attach">
          {files.map((f, i) => (
            <PickedFile
              key={`${i}-${f.name}`}
              file={f}
              onRemove={() => onChange(files.filter((_, j) => j !== i))}
            />
          ))}
        </ul>
      )}
    </fieldset>
  );
}
