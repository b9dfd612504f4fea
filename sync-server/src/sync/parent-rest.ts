import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { MSG, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId } from '../db/ids.ts';
import { oneOf } from '../db/query-helpers.ts';
import { HttpError, notFound, validationError } from '../http/errors.ts';
import { toWire } from './codec.ts';
import type { EntityDef } from './entities.ts';
import { accessFor } from './declared-rest.routes.ts';
import { canReadRow } from './entities.ts';
import { forActor, forFirm, type LiveTable } from './firm.ts';

/**
 * The old client's calls on a parent with its child lists (an invoice with its expenses and payments, each
 * payment with its files), served from the declarations' `parents` and `files`: the declared REST calls
 * (declared-rest.routes.ts) for a row whose children travel with it. A feature gives only what the old client
 * sends (a zod schema yielding the parent's values and each list's lines) and how it answers; reading,
 * scoping, writing lines through the store in the parent's transaction and the lines' errors are here.
 */

type Row = Record<string, unknown> & { id: string };
/** A child row as the calls read it, with the files it owns (its declared `files`), in their order. */
export type TChild = Row & { files: Row[] };
/** A parent row with its live children, by child entity, in creation order (display order where declared). */
export type TParentWithChildren = Row & { created_at: string; children: Record<string, TChild[]> };
/** A line of a child list as the old client sends it: the id of a child saved before (or none) and its values. */
export type TChildLine = { id: string | null; values: Record<string, unknown> };

const def = (app: FastifyInstance, name: string): EntityDef => {
  const d = app.registry.byName.get(name);
  if (!d) throw new Error(`unknown entity ${name}`);
  return d;
};

/** The column of `child` that names a row of `parent` (its declared `parents`). */
export function parentColumn(app: FastifyInstance, child: string, parent: string): string {
  const p = def(app, child).parents?.find((x) => x.entity === parent);
  if (!p) throw new Error(`${child} does not hang off ${parent}`);
  return p.column;
}

/**
 * The parent's live rows the actor may read (403 for an actor who may read none), all or those with `ids`.
 * A scope of columns (a client's own invoices) is also asked of the database, so the list reads no more.
 */
async function readableParents(
  app: FastifyInstance,
  db: Db,
  actor: TActor,
  parent: string,
  ids?: readonly string[],
) {
  const d = def(app, parent);
  const scope = d.readScope(actor);
  if (scope === 'none') throw new HttpError(403, MSG.forbidden);
  if (ids && !ids.length) return [];
  const access = await accessFor(app, actor, scope);
  let q = forFirm(db, actor.company_id)
    .live(d.table as LiveTable)
    .selectAll();
  // One array parameter on PostgreSQL: the same statement whatever the number of ids (db/pg-prepared.ts).
  if (ids) q = q.where(oneOf(db, 'id', ids));
  if (typeof scope === 'object' && 'anyOf' in scope)
    q = q.where((eb) => eb.or(scope.anyOf.map((c) => eb(sql.ref(c.column), '=', c.value))));
  const rows: Record<string, unknown>[] = await q.execute();
  return rows.flatMap((r) => {
    const wire = toWire(d, r);
    return canReadRow(scope, wire, access) ? [{ ...wire, created_at: String(r.created_at) }] : [];
  });
}

const byDisplayOrder = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Number(a.display_order ?? 0) - Number(b.display_order ?? 0);

/** Live rows of `table` whose `column` is one of `values`, in creation order, as the wire reads them. */
async function rowsOf(
  app: FastifyInstance,
  db: Db,
  actor: TActor,
  table: string,
  column: string,
  values: string[],
) {
  const d = def(app, table);
  if (!values.length) return [];
  const rows: Record<string, unknown>[] = await forFirm(db, actor.company_id)
    .live(d.table as LiveTable)
    .selectAll()
    .where(oneOf(db, column, values))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const out = rows.map((r) => toWire(d, r) as Row);
  // Declared columns: a list the user orders is read in that order (a stable sort keeps creation order within).
  return 'display_order' in d.columns ? out.sort(byDisplayOrder) : out;
}

const groupBy = <T extends Record<string, unknown>>(rows: T[], column: string) => {
  const m = new Map<string, T[]>();
  for (const r of rows) m.set(String(r[column]), [...(m.get(String(r[column])) ?? []), r]);
  return m;
};

/**
 * The parent's readable rows (all, or those with `ids`) with their `children`'s live rows and each child's
 * files (the one attachment model, by the child's declared `files`).
 */
export async function loadWithChildren(
  app: FastifyInstance,
  db: Db,
  actor: TActor,
  parent: string,
  children: readonly string[],
  ids?: readonly string[],
): Promise<TParentWithChildren[]> {
  const parents = await readableParents(app, db, actor, parent, ids);
  const parentIds = parents.map((p) => p.id);
  const lists = new Map<string, Map<string, TChild[]>>();
  for (const child of children) {
    const column = parentColumn(app, child, parent);
    const rows = await rowsOf(app, db, actor, child, column, parentIds);
    const owner = def(app, child).files?.type;
    const files = owner
      ? groupBy(
          (
            await rowsOf(
              app,
              db,
              actor,
              'attachments',
              'owner_id',
              rows.map((r) => r.id),
            )
          ).filter((f) => f.owner_type === owner),
          'owner_id',
        )
      : new Map<string, Row[]>();
    lists.set(
      child,
      groupBy(
        rows.map((r) => ({ ...r, files: files.get(r.id) ?? [] })),
        column,
      ),
    );
  }
  return parents.map((p) => ({
    ...p,
    children: Object.fromEntries(children.map((c) => [c, lists.get(c)!.get(p.id) ?? []])),
  }));
}

/** The parent's one readable row with `id` and its children; 404 for any other id. */
export async function loadOne(
  app: FastifyInstance,
  db: Db,
  actor: TActor,
  parent: string,
  children: readonly string[],
  id: string,
): Promise<TParentWithChildren> {
  const [found] = await loadWithChildren(app, db, actor, parent, children, [id]);
  if (!found) throw notFound();
  return found;
}

/**
 * The parent's readable rows, each with the sum of a column of its live children (`sums`: child entity ->
 * column), in one query per child whatever the firm holds: what a list filters, counts and totals before the
 * page shown is read in full. A parent without children has no sum (null).
 */
export async function withChildSums(
  app: FastifyInstance,
  db: Db,
  actor: TActor,
  parent: string,
  sums: Readonly<Record<string, string>>,
): Promise<(Row & { created_at: string; sums: Record<string, number | null> })[]> {
  const parents = await readableParents(app, db, actor, parent);
  if (!parents.length) return [];
  const totals: Record<string, Map<string, number>> = {};
  for (const [child, column] of Object.entries(sums)) {
    const by = parentColumn(app, child, parent);
    const rows = await forFirm(db, actor.company_id)
      .live(def(app, child).table as LiveTable)
      .select((eb) => [sql.ref<string>(by).as('p'), eb.fn.sum<number | string>(sql.ref(column)).as('s')])
      .groupBy(sql.ref(by))
      .execute();
    // PostgreSQL answers a sum of integers as text (bigint).
    totals[child] = new Map(rows.map((r) => [String(r.p), Number(r.s)]));
  }
  return parents.map((p) => ({
    ...p,
    sums: Object.fromEntries(Object.keys(sums).map((c) => [c, totals[c]!.get(p.id) ?? null])),
  }));
}

/** How the old call writes a child list: `ordered` lists take their display order from the lines' order. */
export type TChildList = {
  entity: string;
  ordered?: boolean;
  /** Where a refusal of a line's own check goes (`${key}.${i}.${field}`), as the old form shows it. */
  errorKey?: { key: string; field: string };
};

/**
 * Writes the lines of one child list of parent `parentId` through the store, in the caller's transaction: a
 * line with an id updates that child (which must be this parent's live child: any other id is a 404), a line
 * without one adds a child; children the lines leave out stay (the old client deletes them by their own call).
 */
export async function saveChildLines(
  app: FastifyInstance,
  trx: Db,
  actor: TActor,
  parent: string,
  parentId: string,
  list: TChildList,
  lines: readonly TChildLine[],
): Promise<void> {
  const firm = forActor(trx, actor);
  const d = def(app, list.entity);
  const column = parentColumn(app, list.entity, parent);
  for (const [i, line] of lines.entries()) {
    const own = line.id ? await firm.find(d.table as LiveTable, line.id) : undefined;
    if (line.id && (!own || (own as Record<string, unknown>)[column] !== parentId)) throw notFound();
    const values = list.ordered ? { ...line.values, display_order: i + 1 } : line.values;
    try {
      await firm.put(d, own?.id ?? newId(), own ? values : { ...values, [column]: parentId });
    } catch (e) {
      // The row's own check (not its schema's fields): the line's field, as the old form shows it.
      if (list.errorKey && e instanceof HttpError && e.statusCode === 422 && !e.extra.validation_error)
        throw validationError({ [`${list.errorKey.key}.${i}.${list.errorKey.field}`]: [e.message] });
      throw e;
    }
  }
}

/**
 * Saves a parent (an update when `id` names one of the firm's live rows, 404 for an unknown id, else a new
 * row) with its child lists, in the caller's transaction. Answers its id, whether it was new and whether the
 * save mails the parent's declared document (its `mailWhen`, on the values before and after).
 */
export async function saveWithChildren(
  app: FastifyInstance,
  trx: Db,
  actor: TActor,
  parent: string,
  save: {
    id?: string | null;
    values: (existing: Record<string, unknown> | undefined) => Promise<Record<string, unknown>>;
    lists: readonly { list: TChildList; lines: readonly TChildLine[] }[];
  },
): Promise<{ id: string; message: string; mail: boolean }> {
  const firm = forActor(trx, actor);
  const d = def(app, parent);
  const existing = save.id ? await firm.find(d.table as LiveTable, save.id) : undefined;
  if (save.id && !existing) throw notFound();
  // As devices hold it (booleans, lists): the caller and the declaration's mailWhen see what a push's hook sees.
  const before = existing ? toWire(d, existing) : undefined;
  const values = await save.values(before);
  const id = existing?.id ?? newId();
  await firm.put(d, id, values);
  for (const { list, lines } of save.lists) await saveChildLines(app, trx, actor, parent, id, list, lines);
  // Changed as the store counts it (a value equal to the stored one, a list included, is no change).
  const changed = Object.keys(values).filter(
    (k) => values[k] !== undefined && JSON.stringify(values[k]) !== JSON.stringify(before?.[k] ?? null),
  );
  const mail = !!d.document?.mailWhen?.(before ?? null, { ...before, ...values }, changed);
  return { id, message: existing ? MSG.updatedOk : MSG.savedOk, mail };
}

/**
 * Deletes one live child of a parent row the actor may read (another firm's, or one of a parent the actor may
 * not read, is a 404), in the caller's transaction; `guard` may refuse it on the parent's values first.
 */
export async function removeChild(
  app: FastifyInstance,
  trx: Db,
  actor: TActor,
  parent: string,
  child: string,
  id: string,
  guard?: (parent: Row) => void,
): Promise<void> {
  const firm = forActor(trx, actor);
  const d = def(app, child);
  const row = (await firm.find(d.table as LiveTable, id)) as Record<string, unknown> | undefined;
  if (!row) throw notFound();
  const [owner] = await readableParents(app, trx, actor, parent, [
    String(row[parentColumn(app, child, parent)]),
  ]);
  if (!owner) throw notFound();
  guard?.(owner);
  await firm.remove(d, id);
}
