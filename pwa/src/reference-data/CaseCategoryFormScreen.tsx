import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { caseCategoriesDecl, MSG } from '@lawfirm/shared-types';
import { useEntityRow, useSync } from '../sync/hooks.ts';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { CHECKED, draftOf, withRowRules, type TDraft, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { saveCaseCategoryLocal } from './referenceData.actions.ts';
import {
  useCaseCategoryCourts,
  useCourts,
  type TCaseCategoryCourtRow,
  type TCaseCategoryRow,
  type TCourtRow,
} from './useReferenceData.ts';
import './reference-data.css';

/**
 * Add / edit a case category (part 2 §2.8: title, abbreviation, courts). Everything is written to the local
 * database, so it saves with no network and reaches the server with the next sync.
 */
export function CaseCategoryFormScreen() {
  return (
    <ScreenGuard permission="referenceData.manage">
      <CaseCategoryLoader />
    </ScreenGuard>
  );
}

/** Waits until the category (when editing), its links and the courts are read, then opens the form once. */
function CaseCategoryLoader() {
  const { petition_type_id: id } = useParams();
  const category = useEntityRow<TCaseCategoryRow>('case_categories', id);
  const links = useCaseCategoryCourts(id);
  const courts = useCourts();
  const title = id ? 'Edit Case Category' : 'Add New Case Category';

  let body;
  if (courts === undefined || links === undefined || (id && category === undefined))
    body = <p role="status">Loading....</p>;
  else if (id && !category)
    body = (
      <>
        <p role="alert">{MSG.notFound}</p>
        <Link to="/petition-types">Back</Link>
      </>
    );
  else
    body = (
      <CaseCategoryForm
        key={id ?? 'new'}
        category={category ?? null}
        // Without an id the hook reads every link: a new category has none.
        links={id ? links : []}
        courts={courts}
      />
    );

  return (
    <section className="page">
      <h1>{title}</h1>
      <div className="card">{body}</div>
    </section>
  );
}

/** The row's fields, checked with the case category's row schema: the server's rules and messages. */
const ROW_FIELDS: TField[] = withRowRules(caseCategoriesDecl.schema, [
  { key: 'title', label: 'Title', maxLength: 255 },
  { key: 'abbreviation', label: 'Abbreviation', maxLength: 50 },
]);

/** Each court's tick is a declared checkbox field too, so ticking one is unsaved work the form asks about. */
const COURT = 'court:';
const courtField = (c: TCourtRow): TField => ({ key: COURT + c.id, label: c.title, kind: 'checkbox' });

function CaseCategoryForm({
  category,
  links,
  courts,
}: {
  category: TCaseCategoryRow | null;
  links: readonly TCaseCategoryCourtRow[];
  courts: readonly TCourtRow[];
}) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const navigate = useNavigate();
  // Captured when the form opens: what the user edits against (a change pulled meanwhile becomes a conflict).
  const [seen] = useState(() => category?.field_versions);
  const fields = useMemo(() => [...ROW_FIELDS, ...courts.map(courtField)], [courts]);
  const form = useFieldForm(
    fields,
    () => {
      const draft: TDraft = draftOf(ROW_FIELDS, category ?? {});
      // Links to courts deleted since are not listed, so saving drops them.
      for (const c of courts) draft[COURT + c.id] = links.some((l) => l.court_id === c.id) ? CHECKED : '';
      return draft;
    },
    { schema: caseCategoriesDecl.schema },
  );

  const save = async (values: Record<string, unknown>) => {
    if (!ctx) {
      toast.error('Something went wrong!', 'The local database is not open yet.');
      throw new Error('The local database is not open yet.');
    }
    const row = (v: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(v).filter(([k]) => !k.startsWith(COURT)));
    try {
      await saved(
        () =>
          saveCaseCategoryLocal(ctx.db, {
            id: category?.id ?? null,
            // An edit sends only the row's fields the user changed.
            values: category ? row(form.changed()) : row(values),
            seen,
            // Kept in the order the courts are listed, so the queued links read naturally.
            courtIds: courts.filter((c) => values[COURT + c.id] === true).map((c) => c.id),
          }),
        MSG.savedOk,
      );
    } catch (e) {
      toast.failed(e);
      throw e;
    }
    await navigate('/petition-types');
  };

  return (
    <form noValidate onSubmit={form.submit(save)}>
      <div className="grid-2">
        <Field {...form.bind('title')} />
        <Field {...form.bind('abbreviation')} />
      </div>
      <fieldset className="court-choices">
        <legend>Courts</legend>
        {courts.length === 0 ? (
          <p className="muted">
            No courts yet. <Link to="/courts">Add courts</Link> first.
          </p>
        ) : (
          <div className="choices">
            {courts.map((c) => (
              <Field key={c.id} {...form.bind(COURT + c.id)} name="court_ids" />
            ))}
          </div>
        )}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={form.submitting}>
          {category ? 'Update' : 'Save'}
        </button>
        <Link className="btn" to="/petition-types">
          Back
        </Link>
      </div>
      {form.dialog}
    </form>
  );
}
