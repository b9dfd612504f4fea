import { useMemo } from 'react';
import { statutesDecl } from '@lawfirm/shared-types';
import { withRowRules, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { RowTable, type TColumn } from '../ui/RowTable.tsx';
import { nextDisplayOrder, titleMatches } from './referenceData.logic.ts';
import { useCanManageReference, useStatutes } from './useReferenceData.ts';
import './reference-data.css';

/** A query, not the user's work: leaving never asks. */
const FILTER: TField[] = [{ key: 'title', label: 'Filter by title' }];

/**
 * Statutes (part 3 §2.18): inline edit of title and display order, and an add row. The original re-queries
 * 3.5 s after a filter change to spare its server; reading the local database, the filter applies as you type.
 */
export function StatutesScreen() {
  const statutes = useStatutes();
  const canEdit = useCanManageReference();
  const form = useFieldForm(FILTER, { title: '' }, { unguarded: true });
  const filter = form.draft.title ?? '';
  const shown = useMemo(() => statutes?.filter((s) => titleMatches(s, filter)), [statutes, filter]);
  const columns = useMemo<TColumn[]>(
    () =>
      withRowRules(statutesDecl.schema, [
        { key: 'title', label: 'Title', maxLength: 255 },
        // Left empty, a statute goes after every other one (of all statutes, not just the filtered ones).
        {
          key: 'display_order',
          label: 'Display Order',
          kind: 'number',
          whenEmpty: () => nextDisplayOrder(statutes ?? []),
        },
      ]),
    [statutes],
  );
  return (
    <section className="page">
      <h1>Statutes</h1>
      <div className="list-filters">
        <Field {...form.bind('title')} type="search" />
      </div>
      <RowTable entity="statutes" columns={columns} rows={shown} canEdit={canEdit} add />
    </section>
  );
}
