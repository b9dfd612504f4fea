import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { v7 } from 'uuid';
import { MSG, parseDisplayDate, type TEntityDecl } from '@lawfirm/shared-types';
import type { TRecordModule } from './recordRoutes.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import type { TRow } from '../sync/db.ts';
import { useEntityRow, useEntityRows, usePendingIds, useSync } from '../sync/hooks.ts';
import { EditDeleteCell } from '../tables/EditDeleteCell.tsx';
import { changedValues, fieldText, withRowRules } from './fields.ts';
import { FormField, useForm, zodFieldErrors } from './form.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { PendingMark } from '../feedback/PendingMark.tsx';
import { nextDisplayOrder } from '../tables/rowOrder.ts';
import { useToast } from '../feedback/toast.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';

/** What the signed-in user may do with the module's rows, from the entity's policy (the server's rules). */
function usePolicy(decl: TEntityDecl) {
  const { actor: a } = useAuth();
  return {
    read: !!a && decl.policy.readScope(a) !== 'none',
    create: !!a && decl.policy.canCreate(a),
    edit: (row: TRow) => !!a && decl.policy.canUpdate(a, row, Object.keys(row)) === true,
    remove: (row: TRow) => !!a && decl.policy.canDelete(a, row),
  };
}

const NoAccess = () => (
  <section className="page">
    <p role="alert">You do not have access to this page.</p>
  </section>
);

export function RecordList<R extends TRow>({ module: m }: { module: TRecordModule<R> }) {
  const policy = usePolicy(m.decl);
  const ctx = useSync();
  const rows = useEntityRows<R>(m.decl.name);
  const pending = usePendingIds(m.decl.name);
  const del = useConfirmedDelete(
    async (row: R) => {
      if (ctx) await deleteLocal(ctx.db, m.decl.name, row.id);
    },
    MSG.deletedOk,
    () => undefined,
  );
  if (!policy.read) return <NoAccess />;
  const sorted = rows ? [...rows].sort(m.sort) : [];
  const anyActions = sorted.some((r) => policy.edit(r) || policy.remove(r));

  return (
    <section className="page">
      <div className="row-between">
        <h1>{m.list.title}</h1>
        {policy.create && (
          <Link className="btn primary" to={m.create.path}>
            {m.create.button}
          </Link>
        )}
      </div>
      <ListTable
        caption={m.list.title}
        columns={[...m.columns.map((c) => c.header), ...(anyActions ? ['Action'] : [])]}
        loading={rows === undefined}
        empty={sorted.length === 0}
      >
        {sorted.map((row) => (
          <tr key={row.id}>
            {m.columns.map((c, i) => (
              <td key={c.header} data-label={c.header}>
                {c.cell(row)}
                {i === 0 && pending.has(row.id) && <PendingMark />}
              </td>
            ))}
            {anyActions && (
              <EditDeleteCell
                label="Action"
                editTo={policy.edit(row) ? m.edit.path.replace(`:${m.edit.param}`, row.id) : null}
                onDelete={policy.remove(row) ? () => del.ask(row) : null}
                busy={del.busy}
                name={m.name(row)}
              />
            )}
          </tr>
        ))}
      </ListTable>
      {del.dialog}
    </section>
  );
}

export function RecordForm<R extends TRow>({ module: m }: { module: TRecordModule<R> }) {
  const id = useParams()[m.edit.param];
  const row = useEntityRow<R>(m.decl.name, id);
  const policy = usePolicy(m.decl);
  const title = id ? m.edit.title : m.create.title;

  let body: ReactNode;
  if (id ? !row || !policy.edit(row) : !policy.create) {
    if (id && row === undefined) body = <p role="status">Loading....</p>;
    else if (id && row === null)
      body = (
        <>
          <p role="alert">{MSG.notFound}</p>
          <Link to={m.list.path}>Back</Link>
        </>
      );
    else return <NoAccess />;
  } else body = <RecordFields key={id ?? 'new'} module={m} row={row ?? null} />;

  return (
    <section className="page">
      <h1>{title}</h1>
      <div className="card">{body}</div>
    </section>
  );
}

type TValues = Record<string, string>;

function RecordFields<R extends TRow>({ module: m, row }: { module: TRecordModule<R>; row: R | null }) {
  const ctx = useSync();
  const toast = useToast();
  const navigate = useNavigate();
  const saved = useSaveReport();
  const [fields] = useState(() => withRowRules(m.decl.schema, m.fields));
  // Captured when the form opens: what the user edits against (a change pulled meanwhile becomes a conflict).
  const [opened] = useState(() => ({
    values: Object.fromEntries(fields.map((f) => [f.key, fieldText(f, row?.[f.key])])),
    seen: row?.field_versions as Record<string, number> | undefined,
  }));
  /** The row's values: trimmed text (a date typed dd/mm/yyyy as YYYY-MM-DD), an empty optional field as null. */
  const rowValues = (v: TValues) =>
    Object.fromEntries(
      fields.map((f) => {
        const t = v[f.key]!.trim();
        return [f.key, t === '' ? null : f.kind === 'date' ? (parseDisplayDate(t) ?? t) : t];
      }),
    );
  const validate = (v: TValues) => zodFieldErrors(m.decl.schema, rowValues(v));
  const form = useForm<TValues>(opened.values, validate);

  const save = async (v: TValues) => {
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    const values = rowValues(v);
    try {
      await saved(
        async () => {
          if (row) {
            const before = Object.fromEntries(fields.map((f) => [f.key, row[f.key] ?? null]));
            await putLocal(ctx.db, m.decl.name, row.id, changedValues(before, values), { seen: opened.seen });
          } else {
            // A new row goes after the rows this device knows; the server keeps its place among rows it knows.
            const last = await ctx.db.rows(m.decl.name).toArray();
            const order = 'display_order' in m.decl.columns ? { display_order: nextDisplayOrder(last) } : {};
            await putLocal(ctx.db, m.decl.name, v7(), { ...values, ...order });
          }
        },
        row ? MSG.updatedOk : MSG.savedOk,
      );
      await navigate(m.list.path);
    } catch (e) {
      toast.failed(e);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(save)}>
      {fields.map((f) => (
        <FormField
          key={f.key}
          field={f}
          label={f.label}
          required={!!f.required}
          hint={f.hint}
          maxLength={f.maxLength}
          {...form.bind(f.key)}
        />
      ))}
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={form.submitting}>
          {row ? 'Update' : 'Save'}
        </button>
        <Link className="btn" to={m.list.path}>
          Back
        </Link>
      </div>
    </form>
  );
}
