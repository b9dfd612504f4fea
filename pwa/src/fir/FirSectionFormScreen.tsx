import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { v7 } from 'uuid';
import { can, MSG } from '@lawfirm/shared-types';
import { firSectionsDecl } from '@lawfirm/shared-types/fir/fir.entities.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { putLocal } from '../sync/actions.ts';
import { useEntityRow, useEntityRows, useSync } from '../sync/hooks.ts';
import { SelectField, TextAreaField, TextField, useForm, zodFieldErrors } from '../ui/form.tsx';
import { changedValues } from '../ui/fields.ts';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import type { TToolsRow } from '../limitation/usePublicTools.ts';

/** The form's fields in the spec's order (part 3 §2.17), with their labels. */
const TEXTS = [
  ['title', 'Title', 500],
  ['fir_no', 'Section', 50],
  ['link', 'Link', 2000],
] as const;
const LONG = [
  ['defination', 'Definition', 20_000],
  ['arrest_info', 'Arrest', 1000],
  ['warrent_info', 'Warrant', 1000],
  ['bailable_info', 'Bailable', 1000],
  ['compoundable_info', 'Compoundable', 1000],
  ['punishment_info', 'Punishment', 2000],
  ['court_triable', 'Court Triable', 1000],
] as const;
const KEYS = ['statute_id', ...TEXTS.map((t) => t[0]), ...LONG.map((t) => t[0])];
type TValues = Record<string, string>;

const valuesOf = (v: TValues) =>
  Object.fromEntries(KEYS.map((k) => [k, v[k]!.trim() === '' ? null : v[k]!.trim()]));

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
  const [opened] = useState(() => ({
    values: Object.fromEntries(KEYS.map((k) => [k, typeof row?.[k] === 'string' ? row[k] : ''])),
    seen: row?.field_versions as Record<string, number> | undefined,
  }));
  const validate = useCallback((v: TValues) => zodFieldErrors(firSectionsDecl.schema, valuesOf(v)), []);
  const form = useForm<TValues>(opened.values, validate);
  const errors = validate(form.values);
  const tooLong = Object.values(errors).some((m) => m.startsWith('The field may not be greater'));

  const save = async (v: TValues) => {
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    const values = valuesOf(v);
    try {
      await saved(
        async () => {
          if (row) {
            const before = Object.fromEntries(KEYS.map((k) => [k, row[k] ?? null]));
            await putLocal(ctx.db, 'fir_sections', row.id, changedValues(before, values), {
              seen: opened.seen,
            });
          } else await putLocal(ctx.db, 'fir_sections', v7(), values);
        },
        row ? MSG.updatedOk : MSG.savedOk,
      );
      await navigate('/fir-sections');
    } catch (e) {
      toast.failed(e);
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
          if (tooLong) toast.error('Long Text!', 'Shorten the fields marked below.');
          form.handleSubmit(save)(e);
        }}
      >
        <SelectField
          label="Statute"
          required
          placeholder="Select a statute"
          options={(statutes ?? []).map((s) => ({ value: s.id, label: String(s.title) }))}
          {...form.bind('statute_id')}
        />
        {TEXTS.map(([k, label, max]) => (
          <TextField key={k} label={label} required={k !== 'link'} maxLength={max} {...form.bind(k)} />
        ))}
        {LONG.map(([k, label, max]) => (
          <TextAreaField key={k} label={label} maxLength={max} {...form.bind(k)} />
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
    </section>
  );
}
