import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { v7 } from 'uuid';
import { formatDate, MSG, opinionsDecl, parseDisplayDate, ROLE_IDS } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import { FieldControl } from '../ui/FieldControl.tsx';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { zodFieldErrors } from '../ui/form.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import '../invoices/invoices.css';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';
import { FiltersButton, FiltersRegion, useFiltersFold } from '../tables/FiltersFold.tsx';

/** Part 3 §9: how long after a filter change the opinions list reloads by itself. */
const FILTER_RELOAD_MS = 4_000;
/** The opinion update's notice as the spec spells it (§8). */
export const MSG_OPINION_UPDATED = 'Update Successfully!';

type TOpinion = {
  id: string;
  client_id: string;
  reference_no: string;
  subject: string;
  issuance_date: string;
};
type TDraft = Omit<TOpinion, 'id'>;
const EMPTY: TDraft = { client_id: '', reference_no: '', subject: '', issuance_date: '' };
/** Issuance dates are typed and shown dd/mm/yyyy (the shared field control), kept as YYYY-MM-DD. */
const DATE_FIELD = { kind: 'date' } as const;
const NO_FILTER: Record<string, string> = { client_id: '', reference_no: '', subject: '' };

/** Opinions (part 3 §2.3): filters, the table, admins' inline Edit/Update/Cancel/Delete and the add row. */
export default function OpinionsScreen() {
  const { actor } = useAuth();
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const rows = useEntityRows<TOpinion & { id: string }>('opinions');
  const clients = useEntityRows<{ id: string; name: string }>('users', { role_id: ROLE_IDS.CLIENT });
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
  const [editing, setEditing] = useState<TOpinion | null>(null);
  const [adding, setAdding] = useState<TDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
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

  /** `typed` holds the issuance date as typed (dd/mm/yyyy); a date that is not real gets the schema's message. */
  const write = async (id: string | null, typed: TDraft) => {
    const t = typed.issuance_date.trim();
    const d = { ...typed, issuance_date: t ? (parseDisplayDate(t) ?? t) : '' };
    const errs = zodFieldErrors(opinionsDecl.schema, d);
    setErrors(errs);
    if (Object.keys(errs).length || !ctx) return false;
    try {
      await saved(
        () => putLocal(ctx.db, 'opinions', id ?? v7(), { ...d }),
        id ? MSG_OPINION_UPDATED : MSG.savedOk,
      );
      return true;
    } catch (e) {
      toast.failed(e);
      return false;
    }
  };
  const applyFilter = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draftFilter);
  };
  // The select sits beside its label, not inside it: a label holding a select would be named with the chosen
  // option too ("Client All").
  const clientSelect = (value: string, onChange: (v: string) => void, label: string) => (
    <div className="field">
      <label className="field-label" htmlFor={`opinions-${label.replace(/\s+/g, '-').toLowerCase()}`}>
        {label}
      </label>
      <select
        id={`opinions-${label.replace(/\s+/g, '-').toLowerCase()}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{label === 'Client' ? 'All' : 'Choose a client'}</option>
        {(clients ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
  const err = (k: string) => errors[k] && <span className="field-error">{errors[k]}</span>;

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
          editing?.id === o.id ? (
            <tr key={o.id}>
              <td data-label="Client">
                {clientSelect(
                  editing.client_id,
                  (v) => setEditing({ ...editing, client_id: v }),
                  'Opinion client',
                )}
              </td>
              <td data-label="Reference No">
                <label className="field">
                  <span className="field-label">Reference No</span>
                  <input
                    value={editing.reference_no}
                    onChange={(e) => setEditing({ ...editing, reference_no: e.target.value })}
                  />
                </label>
                {err('reference_no')}
              </td>
              <td data-label="Subject">
                <label className="field">
                  <span className="field-label">Subject</span>
                  <input
                    value={editing.subject}
                    onChange={(e) => setEditing({ ...editing, subject: e.target.value })}
                  />
                </label>
                {err('subject')}
              </td>
              <td data-label="Issuance Date">
                <label className="field">
                  <span className="field-label">Issuance Date</span>
                  <FieldControl
                    field={DATE_FIELD}
                    value={editing.issuance_date}
                    onChange={(issuance_date) => setEditing({ ...editing, issuance_date })}
                  />
                </label>
                {err('issuance_date')}
              </td>
              <td data-label="Actions">
                <div className="row-actions">
                  <button
                    type="button"
                    className="btn primary"
                    onClick={() => {
                      const { id, ...d } = editing;
                      void write(id, d).then((ok) => ok && setEditing(null));
                    }}
                  >
                    Update
                  </button>
                  <button type="button" className="btn" onClick={() => setEditing(null)}>
                    Cancel
                  </button>
                </div>
              </td>
            </tr>
          ) : (
            <tr key={o.id}>
              <td data-label="Client">{nameOf(o.client_id)}</td>
              <td data-label="Reference No">{o.reference_no}</td>
              <td data-label="Subject">{o.subject}</td>
              <td data-label="Issuance Date">{formatDate(o.issuance_date)}</td>
              {admin && (
                <td data-label="Actions">
                  <div className="row-actions">
                    <button
                      type="button"
                      className="btn"
                      onClick={() =>
                        // Only the opinion's own fields: the synced row's bookkeeping is never written back.
                        setEditing({
                          id: o.id,
                          client_id: o.client_id,
                          reference_no: o.reference_no,
                          subject: o.subject,
                          issuance_date: formatDate(o.issuance_date),
                        })
                      }
                    >
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
      {admin && (
        <form
          className="card filter-grid"
          aria-label="Add opinion"
          onSubmit={(e) => {
            e.preventDefault();
            void write(null, adding).then((ok) => ok && setAdding(EMPTY));
          }}
        >
          {clientSelect(
            adding.client_id,
            (v) => setAdding({ ...adding, client_id: v }),
            'New opinion client',
          )}
          <label className="field">
            <span className="field-label">New reference No</span>
            <input
              value={adding.reference_no}
              onChange={(e) => setAdding({ ...adding, reference_no: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field-label">New subject</span>
            <input
              value={adding.subject}
              onChange={(e) => setAdding({ ...adding, subject: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field-label">New issuance date</span>
            <FieldControl
              field={DATE_FIELD}
              value={adding.issuance_date}
              onChange={(issuance_date) => setAdding({ ...adding, issuance_date })}
            />
          </label>
          <button type="submit" className="btn primary">
            Save
          </button>
          {!editing && Object.values(errors)[0] && <p className="field-error">{Object.values(errors)[0]}</p>}
        </form>
      )}
      {del.dialog}
    </section>
  );
}
