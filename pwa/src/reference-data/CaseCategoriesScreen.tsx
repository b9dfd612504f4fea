import { useMemo } from 'react';
import { Link } from 'react-router';
import { MSG } from '@lawfirm/shared-types';
import { usePendingFor, useSync } from '../sync/hooks.ts';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { EditDeleteCell } from '../tables/EditDeleteCell.tsx';
import {
  courtTitlesOf,
  filterCategories,
  NO_CATEGORY_FILTER,
  type TCategoryFilter,
} from './caseCategoryLinks.ts';
import { deleteCaseCategoryLocal } from './referenceData.actions.ts';
import {
  useCanManageReference,
  useCaseCategories,
  useCaseCategoryCourts,
  useCourts,
  type TCaseCategoryCourtRow,
  type TCaseCategoryRow,
  type TCourtRow,
} from './useReferenceData.ts';
import './reference-data.css';

/** Case categories (part 2 §2.8, /petition-types): filter by title and by court; admins add, edit, delete. */
export function CaseCategoriesScreen() {
  const ctx = useSync();
  const canEdit = useCanManageReference();
  const categories = useCaseCategories();
  const links = useCaseCategoryCourts();
  const courts = useCourts();
  const courtOptions = useMemo(() => (courts ?? []).map((c) => ({ value: c.id, label: c.title })), [courts]);
  const fields = useMemo<TField[]>(
    () => [
      { key: 'title', label: 'Filter by title' },
      { key: 'courtId', label: 'Filter by court', kind: 'select', placeholder: 'All', options: courtOptions },
    ],
    [courtOptions],
  );
  // A query, not the user's work: leaving never asks.
  const form = useFieldForm(fields, { ...NO_CATEGORY_FILTER }, { unguarded: true });
  const title = form.draft.title ?? '';
  const courtId = form.draft.courtId ?? '';
  const filter = useMemo<TCategoryFilter>(() => ({ title, courtId }), [title, courtId]);
  const shown = useMemo(
    () => categories && links && filterCategories(categories, links, filter),
    [categories, links, filter],
  );
  const remover = useConfirmedDelete<string>(
    async (id) => {
      if (!ctx) throw new Error('The local database is not open yet.');
      await deleteCaseCategoryLocal(ctx.db, id);
    },
    MSG.deletedOk,
    () => undefined,
  );

  return (
    <section className="page">
      <div className="list-head">
        <h1>Case Categories</h1>
        {canEdit && (
          <Link className="btn primary" to="/petition-type/create">
            New Case Category
          </Link>
        )}
      </div>
      <div className="list-filters" role="search" aria-label="Filter case categories">
        <Field {...form.bind('title')} type="search" />
        <Field {...form.bind('courtId')} />
        <button type="button" className="btn" onClick={() => form.reset()}>
          Reset
        </button>
      </div>
      <ListTable
        columns={
          canEdit ? ['Title', 'Abbreviation', 'Courts', 'Actions'] : ['Title', 'Abbreviation', 'Courts']
        }
        loading={shown === undefined || courts === undefined}
        empty={shown?.length === 0}
      >
        {shown?.map((c) => (
          <CategoryRow
            key={c.id}
            category={c}
            links={links ?? []}
            courts={courts ?? []}
            canEdit={canEdit}
            busy={remover.busy}
            onDelete={remover.ask}
          />
        ))}
      </ListTable>
      {remover.dialog}
    </section>
  );
}

function CategoryRow({
  category,
  links,
  courts,
  canEdit,
  busy,
  onDelete,
}: {
  category: TCaseCategoryRow;
  links: readonly TCaseCategoryCourtRow[];
  courts: readonly TCourtRow[];
  canEdit: boolean;
  busy: boolean;
  onDelete: (id: string) => void;
}) {
  const pending = usePendingFor('case_categories', category.id);
  return (
    <tr>
      <td data-label="Title">{category.title}</td>
      <td data-label="Abbreviation">{category.abbreviation ?? ''}</td>
      <td data-label="Courts">{courtTitlesOf(category.id, links, courts)}</td>
      {canEdit && (
        <EditDeleteCell
          editTo={`/petition-type/edit/${encodeURIComponent(category.id)}`}
          onDelete={() => onDelete(category.id)}
          busy={busy}
          after={pending && <span className="badge warn">Not synced yet</span>}
        />
      )}
    </tr>
  );
}
