import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { v7 } from 'uuid';
import { MSG, type TEntityDecl } from '@lawfirm/shared-types';
import type { TRecordModule } from './recordRoutes.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import type { TRow } from '../sync/db.ts';
import { useEntityRow, useEntityRows, usePendingIds, useSync } from '../sync/hooks.ts';
import { EditDeleteCell } from '../tables/EditDeleteCell.tsx';
import { draftOf, withRowRules } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
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

function RecordFields<R extends TRow>({ module: m, row }: { module: TRecordModule<R>; row: R | null }) {
  const ctx = useSync();
  const toast = useToast();
  const navigate = useNavigate();
  const saved = useSaveReport();
  const [fields] = useState(() => withRowRules(m.decl.schema, m.fields));
  // Captured when the form opens: what the user edits against (a change pulled meanwhile becomes a conflict).
  const [seen] = useState(() => row?.field_versions as Record<string, number> | undefined);
  // The declared fields checked by their rules and the row schema: the one path of every form (ui/forms).
  const form = useFieldForm(fields, () => draftOf(fields, row ?? {}), { schema: m.decl.schema });

  const save = async (values: Record<string, unknown>) => {
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    try {
      await saved(
        async () => {
          if (row) {
            await putLocal(ctx.db, m.decl.name, row.id, form.changed(), { seen });
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
    <form noValidate onSubmit={form.submit(save)}>
      {fields.map((f) => (
        <Field key={f.key} hint={f.hint} {...form.bind(f.key)} />
      ))}
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={form.submitting}>
          {row ? 'Update' : 'Save'}
        </button>
        <Link className="btn" to={m.list.path}>
          Back
        </Link>
      </div>
      {form.dialog}
    </form>
  );
}
