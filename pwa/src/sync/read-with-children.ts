import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';
import type { LocalDb, TRow } from './db.ts';
import { ENTITY_TABLE } from './entity-table.ts';
import { useLiveQuery, useSync } from './hooks.ts';

/**
 * A child entity read with its parent: its rows' order (a column, numbers by value and text as stored, so ISO
 * dates by date; or a comparison; `display_order` when not given), and whether each row comes with its files.
 */
export type TChildRead = { order?: string | ((a: TRow, b: TRow) => number); files?: boolean };

/** A row with its children's rows by entity, each child row with its files (the file model's rows) in order. */
export type TRowWithChildren = TRow & {
  children: Record<string, (TRow & { files: TRow[] })[]>;
};

export type TReadWithChildren = {
  children: Readonly<Record<string, TChildRead>>;
  /** One row (and its children) only. */
  id?: string;
  /**
   * A column the server stamps when the row reaches it (`created_at`): until then a row made on this device
   * shows the time its first change was queued, rather than no date.
   */
  madeAt?: string;
};

/** Rows compared by one column: numbers by value (an unset one as 0), text as stored (ISO dates by date). */
const byColumn =
  (column: string) =>
  (a: TRow, b: TRow): number => {
    const x = a[column];
    const y = b[column];
    if (typeof x === 'number' || typeof y === 'number') return (Number(x) || 0) - (Number(y) || 0);
    return compareCodes(typeof x === 'string' ? x : '', typeof y === 'string' ? y : '');
  };
const byOrder = byColumn('display_order');
const orderOf = (read: TChildRead) =>
  typeof read.order === 'function' ? read.order : byColumn(read.order ?? 'display_order');

/** When each undated row was made here: the time its first queued change was made. */
async function madeHere(db: LocalDb, entity: string, rows: readonly TRow[], column: string) {
  const undated = rows.filter((r) => !r[column]);
  const made = new Map<string, string>();
  if (!undated.length) return made;
  const queued = await db.outbox
    .where('[entity+rowId]')
    .anyOf(undated.map((r): [string, string] => [entity, r.id]))
    .toArray();
  for (const e of queued) {
    const before = made.get(e.rowId);
    if (!before || e.createdAt < before) made.set(e.rowId, e.createdAt);
  }
  return made;
}

/** Groups rows by a column's value. */
const groupBy = (rows: readonly TRow[], column: string) => {
  const m = new Map<string, TRow[]>();
  for (const r of rows) m.set(String(r[column]), [...(m.get(String(r[column])) ?? []), r]);
  return m;
};

/**
 * Every row of `entity` (or the one `id`) with the rows of each declared child entity (their `parents`) and
 * those children's files (the one file model, by owner kind and id), from the device's tables: a few reads
 * whatever the number of rows, so a list screen can filter and sum on the device.
 */
export async function readWithChildren<R = TRowWithChildren>(
  db: LocalDb,
  entity: string,
  opts: TReadWithChildren,
): Promise<R[]> {
  const { id } = opts;
  let rows = id
    ? [await db.rows(entity).get(id)].filter((r): r is TRow => !!r)
    : await db.rows(entity).toArray();
  if (opts.madeAt) {
    const column = opts.madeAt;
    const made = await madeHere(db, entity, rows, column);
    rows = rows.map((r) => (made.has(r.id) ? { ...r, [column]: made.get(r.id) } : r));
  }
  const fileModel = Object.entries(ENTITY_TABLE).find(([, d]) => d.owner);
  const lists = new Map<string, Map<string, (TRow & { files: TRow[] })[]>>();
  for (const [child, read] of Object.entries(opts.children)) {
    const column = ENTITY_TABLE[child]?.parents?.find((p) => p.entity === entity)?.column;
    if (!column) throw new Error(`${child} does not declare ${entity} as its parent`);
    const childRows = id
      ? await db
          .rows(child)
          .where({ [column]: id })
          .toArray()
      : await db.rows(child).toArray();
    const files = new Map<string, TRow[]>();
    if (read.files && fileModel) {
      const [table, { owner }] = fileModel;
      const kind = Object.entries(owner!.entities).find(([, e]) => e === child)?.[0];
      if (!kind) throw new Error(`${child} owns no files`);
      const ids = childRows.map((r): [string, string] => [kind, r.id]);
      const owned = ids.length
        ? await db.rows(table).where(`[${owner!.typeColumn}+${owner!.idColumn}]`).anyOf(ids).toArray()
        : [];
      for (const [ownerId, list] of groupBy(owned, owner!.idColumn)) files.set(ownerId, list.sort(byOrder));
    }
    const withFiles = childRows.sort(orderOf(read)).map((r) => ({ ...r, files: files.get(r.id) ?? [] }));
    lists.set(child, groupBy(withFiles, column) as Map<string, (TRow & { files: TRow[] })[]>);
  }
  // The caller names the shape its declarations give these rows (TRowOf): the tables hold what they declare.
  return rows.map((r) => ({
    ...r,
    children: Object.fromEntries(Object.keys(opts.children).map((c) => [c, lists.get(c)?.get(r.id) ?? []])),
  })) as R[];
}

/**
 * readWithChildren as a live query of a screen: undefined while it loads, then the rows (again whenever one of
 * them, a child or a file changes on the device); `null` options read nothing (a form for a new row).
 */
export function useWithChildren<R = TRowWithChildren>(
  entity: string,
  opts: TReadWithChildren | null,
): R[] | undefined {
  const ctx = useSync();
  // The options by value (a screen passes a fresh object each render); a comparison given is taken as fixed.
  const key = JSON.stringify(opts);
  return useLiveQuery(
    async () => (!ctx ? undefined : opts ? readWithChildren<R>(ctx.db, entity, opts) : []),
    [ctx, entity, key],
  );
}
