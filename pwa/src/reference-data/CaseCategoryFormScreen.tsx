import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { caseCategoriesDecl, MSG } from '@lawfirm/shared-types';
import { useEntityRow, useSync } from '../sync/hooks.ts';
import { CheckboxField, TextField, useForm, zodFieldErrors, type FieldErrors } from '../ui/form.tsx';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { changedValues } from '../ui/fields.ts';
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

type TValues = { title: string; abbreviation: string };

/** The row fields of the form: trimmed text, an empty abbreviation as null. */
const rowValues = (v: TValues) => ({ title: v.title.trim(), abbreviation: v.abbreviation.trim() || null });

/** Checked with the case category's row schema: the server's rules and messages. */
const validate = (v: TValues): FieldErrors => zodFieldErrors(caseCategoriesDecl.schema, rowValues(v));

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
  const [opened] = useState(() => ({
    values: { title: category?.title ?? '', abbreviation: category?.abbreviation ?? '' },
    seen: category?.field_versions,
    // Links to courts deleted since are left unticked, so saving drops them.
    courtIds: links.map((l) => l.court_id).filter((c) => courts.some((court) => court.id === c)),
  }));
  const form = useForm<TValues>(opened.values, validate);
  const [courtIds, setCourtIds] = useState<ReadonlySet<string>>(() => new Set(opened.courtIds));

  const toggle = (courtId: string, on: boolean) =>
    setCourtIds((s) => {
      const next = new Set(s);
      if (on) next.add(courtId);
      else next.delete(courtId);
      return next;
    });

  const save = async (v: TValues) => {
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    const values = rowValues(v);
    const before = { title: category?.title, abbreviation: category?.abbreviation ?? null };
    try {
      await saved(
        () =>
          saveCaseCategoryLocal(ctx.db, {
            id: category?.id ?? null,
            values: category ? changedValues(before, values) : values,
            seen: opened.seen,
            // Kept in the order the courts are listed, so the queued links read naturally.
            courtIds: courts.filter((c) => courtIds.has(c.id)).map((c) => c.id),
          }),
        MSG.savedOk,
      );
      await navigate('/petition-types');
    } catch (e) {
      toast.failed(e);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(save)}>
      <div className="grid-2">
        <TextField label="Title" required maxLength={255} {...form.bind('title')} />
        <TextField label="Abbreviation" maxLength={50} {...form.bind('abbreviation')} />
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
              <CheckboxField
                key={c.id}
                name="court_ids"
                label={c.title}
                checked={courtIds.has(c.id)}
                onChange={(on) => toggle(c.id, on)}
              />
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
    </form>
  );
}
