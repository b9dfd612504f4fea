import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { v7 } from 'uuid';
import { can, MSG } from '@lawfirm/shared-types';
import { firSectionsDecl } from '@lawfirm/shared-types/fir/fir.entities.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { putLocal } from '../sync/actions.ts';
import { useEntityRow, useEntityRows, useSync } from '../sync/hooks.ts';
import { draftErrors, draftOf, withRowRules, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import type { TToolsRow } from '../limitation/usePublicTools.ts';

/** The form's fields in the spec's order (part 3 §2.17), with their labels; the rules are the row's own. */
const FIELDS: TField[] = withRowRules(firSectionsDecl.schema, [
  { key: 'statute_id', label: 'Statute', kind: 'select', placeholder: 'Select a statute' },
  { key: 'title', label: 'Title', maxLength: 500 },
  { key: 'fir_no', label: 'Section', maxLength: 50 },
  { key: 'link', label: 'Link', maxLength: 2000 },
  { key: 'defination', label: 'Definition', kind: 'textarea', maxLength: 20_000 },
  { key: 'arrest_info', label: 'Arrest', kind: 'textarea', maxLength: 1000 },
  { key: 'warrent_info', label: 'Warrant', kind: 'textarea', maxLength: 1000 },
  { key: 'bailable_info', label: 'Bailable', kind: 'textarea', maxLength: 1000 },
  { key: 'compoundable_info', label: 'Compoundable', kind: 'textarea', maxLength: 1000 },
  { key: 'punishment_info', label: 'Punishment', kind: 'textarea', maxLength: 2000 },
  { key: 'court_triable', label: 'Court Triable', kind: 'textarea', maxLength: 1000 },
]);
const [STATUTE, ...TEXTS] = FIELDS as [TField, ...TField[]];
const rules = { schema: firSectionsDecl.schema };

/** Add FIR Section / Edit FIR Section: admins only, saved on the device and sent when online. */
export function FirSectionFormScreen() {
  const { fir_section_id: id } = useParams();
  const { actor } = useAuth();
  const row = useEntityRow<TToolsRow>('fir_sections', id);
  if (!can(actor, 'referenceData.manage'))
    return (
      <section className="page">
        <p role="alert">You do not have access to this page.</p>
      </section>
    );
  if (id && row === undefined) return <p role="status">Loading....</p>;
  if (id && row === null)
    return (
      <section className="page">
        <p role="alert">{MSG.notFound}</p>
        <Link to="/fir-sections">Back</Link>
      </section>
    );
  return <FirSectionForm key={id ?? 'new'} row={row ?? null} />;
}

function FirSectionForm({ row }: { row: TToolsRow | null }) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const navigate = useNavigate();
  const statutes = useEntityRows<TToolsRow>('statutes');
  // The versions the form showed: an edit is based on them.
  const [seen] = useState(() => row?.field_versions as Record<string, number> | undefined);
  const statuteField = {
    ...STATUTE,
    options: (statutes ?? []).map((s) => ({ value: s.id, label: String(s.title) })),
  };
  const form = useFieldForm(FIELDS, () => draftOf(FIELDS, row ?? {}), rules);

  const save = async (values: Record<string, unknown>) => {
    if (!ctx) {
      toast.error('Something went wrong!', 'The local database is not open yet.');
      throw new Error('The local database is not open yet.');
    }
    try {
      await saved(
        async () => {
          // An edit sends only the fields changed, so another device's edit of another field merges.
          if (row) await putLocal(ctx.db, 'fir_sections', row.id, form.changed(), { seen });
          else await putLocal(ctx.db, 'fir_sections', v7(), values);
        },
        row ? MSG.updatedOk : MSG.savedOk,
      );
      await navigate('/fir-sections');
    } catch (e) {
      toast.failed(e);
      throw e;
    }
  };

  return (
    <section className="page">
      <h1>{row ? 'Edit FIR Section' : 'Add FIR Section'}</h1>
      <form
        className="card form"
        noValidate
        onSubmit={(e) => {
          // The spec's notice for text longer than the server keeps (its 422 "Long Text!").
          const tooLong = Object.values(draftErrors(FIELDS, form.draft, rules)).some((m) =>
            m?.startsWith('The field may not be greater'),
          );
          if (tooLong) toast.error('Long Text!', 'Shorten the fields marked below.');
          form.submit(save)(e);
        }}
      >
        <Field {...form.bind(STATUTE.key)} field={statuteField} />
        {TEXTS.map((f) => (
          <Field key={f.key} {...form.bind(f.key)} />
        ))}
        <div className="form-actions tool-actions">
          <button type="submit" className="btn primary" disabled={form.submitting}>
            {row ? 'Update' : 'Save'}
          </button>
          <Link className="btn" to="/fir-sections">
            Back
          </Link>
        </div>
      </form>
      {form.dialog}
    </section>
  );
}
