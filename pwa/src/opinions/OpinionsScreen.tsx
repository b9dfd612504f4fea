import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { formatDate, MSG, opinionsDecl, ROLE_IDS } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { deleteLocal } from '../sync/actions.ts';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';
import { FiltersButton, FiltersRegion, useFiltersFold } from '../tables/FiltersFold.tsx';
import { AddOpinionForm, OpinionEditRow, type TClient, type TOpinion } from './opinionRows.tsx';

/** Part 3 §9: how long after a filter change the opinions list reloads by itself. */
const FILTER_RELOAD_MS = 4_000;
const NO_FILTER: Record<string, string> = { client_id: '', reference_no: '', subject: '' };

/** Opinions (part 3 §2.3): filters, the table, admins' inline Edit/Update/Cancel/Delete and the add row. */
export default function OpinionsScreen() {
  const { actor } = useAuth();
  const ctx = useSync();
  const rows = useEntityRows<TOpinion>('opinions');
  const clients = useEntityRows<TClient>('users', { role_id: ROLE_IDS.CLIENT });
  // On a phone the opinions come first; the filters wait behind Filters.
  const fold = useFiltersFold();
  const filterFields = useMemo<TField[]>(
    () => [
      {
        key: 'client_id',
        label: 'Client',
        kind: 'select',
        placeholder: 'All',
        options: (clients ?? []).map((c) => ({ value: c.id, label: c.name })),
      },
      { key: 'reference_no', label: 'Reference No' },
      { key: 'subject', label: 'Subject' },
    ],
    [clients],
  );
  // A query, not the user's work: leaving never asks.
  const filterForm = useFieldForm(filterFields, { ...NO_FILTER }, { unguarded: true });
  const draftFilter = filterForm.draft;
  const [filter, setFilter] = useState<Record<string, string>>(NO_FILTER);
  // Part 3 §9: a changed filter applies by itself after 4 seconds; Enter applies it at once.
  useEffect(() => {
    const t = setTimeout(() => setFilter(draftFilter), FILTER_RELOAD_MS);
    return () => clearTimeout(t);
  }, [draftFilter]);
  // Not a field: which row is in edit mode.
  const [editing, setEditing] = useState<string | null>(null);
  const del = useConfirmedDelete(
    async (id: string) => {
      if (ctx) await deleteLocal(ctx.db, 'opinions', id);
    },
    MSG.deletedOk,
    () => undefined,
  );
  if (!actor || opinionsDecl.policy.readScope(actor) === 'none')
    return (
      <section className="page">
        <h1>Opinions</h1>
        <p role="alert">{MSG.forbidden}</p>
      </section>
    );
  const admin = opinionsDecl.policy.canCreate(actor);
  const nameOf = (id: string) => clients?.find((c) => c.id === id)?.name ?? '';
  const has = (text: string, q = '') => text.toLowerCase().includes(q.trim().toLowerCase());
  const list = (rows ?? [])
    .filter(
      (o) =>
        (!filter.client_id || o.client_id === filter.client_id) &&
        has(o.reference_no, filter.reference_no) &&
        has(o.subject, filter.subject),
    )
    .sort((a, b) => compareCodes(b.issuance_date, a.issuance_date));

  const applyFilter = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draftFilter);
  };
  return (
    <section className="page">
      <div className="row-between">
        <h1>Opinions</h1>
        <FiltersButton fold={fold} active={Object.values(filter).filter((v) => v !== '').length} />
      </div>
      <FiltersRegion fold={fold}>
        <form className="card filter-grid" onSubmit={applyFilter}>
          <Field {...filterForm.bind('client_id')} />
          <Field {...filterForm.bind('reference_no')} />
          <Field {...filterForm.bind('subject')} />
          <button type="submit" className="btn primary">
            Search
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              filterForm.reset();
              setFilter(NO_FILTER);
            }}
          >
            Reset
          </button>
        </form>
      </FiltersRegion>
      <ListTable
        caption="Opinions"
        columns={['Client', 'Reference No', 'Subject', 'Issuance Date', ...(admin ? ['Actions'] : [])]}
        loading={rows === undefined}
        empty={list.length === 0}
      >
        {list.map((o) =>
          editing === o.id ? (
            <OpinionEditRow key={o.id} opinion={o} clients={clients} onDone={() => setEditing(null)} />
          ) : (
            <tr key={o.id}>
              <td data-label="Client">{nameOf(o.client_id)}</td>
              <td data-label="Reference No">{o.reference_no}</td>
              <td data-label="Subject">{o.subject}</td>
              <td data-label="Issuance Date">{formatDate(o.issuance_date)}</td>
              {admin && (
                <td data-label="Actions">
                  <div className="row-actions">
                    <button type="button" className="btn" onClick={() => setEditing(o.id)}>
                      Edit
                    </button>
                    <button type="button" className="btn danger" onClick={() => del.ask(o.id)}>
                      Delete
                    </button>
                  </div>
                </td>
              )}
            </tr>
          ),
        )}
      </ListTable>
      {admin && <AddOpinionForm clients={clients} />}
      {del.dialog}
    </section>
  );
}
