import { useMemo } from 'react';
import { v7 } from 'uuid';
import { MSG, opinionsDecl } from '@lawfirm/shared-types';
import { putLocal } from '../sync/actions.ts';
import { useSync } from '../sync/hooks.ts';
import { draftOf, emptyDraft, withRowRules, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { UpdateCancelButtons } from '../ui/RowEditButtons.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';

/** The opinion update's notice as the spec spells it (§8). */
export const MSG_OPINION_UPDATED = 'Update Successfully!';

/** An opinion as the list shows it; `field_versions` is what an edit is made against. */
export type TOpinion = {
  id: string;
  client_id: string;
  reference_no: string;
  subject: string;
  issuance_date: string;
  field_versions?: Record<string, number>;
};
export type TClient = { id: string; name: string };

type TLabels = Record<'client_id' | 'reference_no' | 'subject' | 'issuance_date', string>;
/** The row being edited sits under the table's headers; the add row names each field as new. */
const EDIT_LABELS: TLabels = {
  client_id: 'Opinion client',
  reference_no: 'Reference No',
  subject: 'Subject',
  issuance_date: 'Issuance Date',
};
const ADD_LABELS: TLabels = {
  client_id: 'New opinion client',
  reference_no: 'New reference No',
  subject: 'New subject',
  issuance_date: 'New issuance date',
};

/**
 * An opinion's fields, declared once: the rules and the spec's messages are the row schema's (withRowRules);
 * the issuance date is typed and shown dd/mm/yyyy and kept as YYYY-MM-DD.
 */
function opinionFields(labels: TLabels, clients: readonly TClient[] | undefined): TField[] {
  return withRowRules(opinionsDecl.schema, [
    {
      key: 'client_id',
      label: labels.client_id,
      kind: 'select',
      placeholder: 'Choose a client',
      options: (clients ?? []).map((c) => ({ value: c.id, label: c.name })),
    },
    { key: 'reference_no', label: labels.reference_no },
    { key: 'subject', label: labels.subject },
    { key: 'issuance_date', label: labels.issuance_date, kind: 'date' },
  ]);
}
const useOpinionFields = (labels: TLabels, clients: readonly TClient[] | undefined) =>
  useMemo(() => opinionFields(labels, clients), [labels, clients]);

/**
 * An opinion edited in its row (Update, Cancel). Update sends only the fields changed, with the versions seen
 * when editing began, so another device's edit of another field merges; Cancel drops the edit, as the row
 * table's does.
 */
export function OpinionEditRow({
  opinion,
  clients,
  onDone,
}: {
  opinion: TOpinion;
  clients: readonly TClient[] | undefined;
  onDone: () => void;
}) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const fields = useOpinionFields(EDIT_LABELS, clients);
  const form = useFieldForm(fields, () => draftOf(fields, opinion), { schema: opinionsDecl.schema });
  const update = async () => {
    if (!ctx) throw new Error('The local database is not open yet.');
    const changed = form.changed();
    try {
      await saved(async () => {
        if (Object.keys(changed).length)
          await putLocal(ctx.db, 'opinions', opinion.id, changed, { seen: opinion.field_versions });
      }, MSG_OPINION_UPDATED);
    } catch (e) {
      toast.failed(e);
      throw e;
    }
    onDone();
  };
  const cell = (key: keyof TLabels, header: string) => (
    <td data-label={header}>
      <Field {...form.bind(key)} />
    </td>
  );
  return (
    <tr>
      {cell('client_id', 'Client')}
      {cell('reference_no', 'Reference No')}
      {cell('subject', 'Subject')}
      {cell('issuance_date', 'Issuance Date')}
      <td data-label="Actions">
        <div className="row-actions">
          <UpdateCancelButtons
            saving={form.submitting}
            onUpdate={form.submit(update)}
            onCancel={() => form.leave(onDone)}
          />
        </div>
        {form.dialog}
      </td>
    </tr>
  );
}

/** The add row under the table (admins): Save keeps the opinion on the device and empties the row. */
export function AddOpinionForm({ clients }: { clients: readonly TClient[] | undefined }) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const fields = useOpinionFields(ADD_LABELS, clients);
  const form = useFieldForm(fields, () => emptyDraft(fields), { schema: opinionsDecl.schema });
  const add = async (values: Record<string, unknown>) => {
    if (!ctx) throw new Error('The local database is not open yet.');
    try {
      await saved(() => putLocal(ctx.db, 'opinions', v7(), values), MSG.savedOk);
    } catch (e) {
      toast.failed(e);
      throw e;
    }
    form.reset();
  };
  return (
    <form className="card filter-grid" aria-label="Add opinion" noValidate onSubmit={form.submit(add)}>
      {fields.map((f) => (
        <Field key={f.key} {...form.bind(f.key)} />
      ))}
      <button type="submit" className="btn primary" disabled={form.submitting}>
        Save
      </button>
      {form.dialog}
    </form>
  );
}
