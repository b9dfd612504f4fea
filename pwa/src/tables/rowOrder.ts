import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';
/**
 * Pure rules of a row table's display order (ui/RowTable.tsx with `orderable`): rows numbered by position,
 * reordered by drag and drop or Move up / Move down. Kept free of React and Dexie so they are tested directly.
 */

export type TOrdered = { id: string; display_order?: unknown };

const orderOf = (r: TOrdered): number =>
  typeof r.display_order === 'number' && Number.isFinite(r.display_order) ? r.display_order : 0;

/**
 * Display order, then id. Ids are UUIDv7 (time-ordered), so rows that share an order (rows made by the REST
 * API default to 0, or two devices adding offline at once) keep the order they were created in, on every
 * device alike.
 */
export function sortByOrder<T extends TOrdered>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => orderOf(a) - orderOf(b) || compareCodes(a.id, b.id));
}

/** The display order of a row added after all the others. */
export function nextDisplayOrder(rows: readonly TOrdered[]): number {
  return rows.reduce((max, r) => Math.max(max, orderOf(r)), 0) + 1;
}

/** The list with the item at `from` taken out and put back at `to` (indexes of the original list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

export type TOrderChange = { id: string; display_order: number };

/**
 * The writes that store a move: the rows are numbered 1..n in their new order and only rows whose number
 * changed are written. Writing just those keeps a reorder on one device from conflicting with an edit of an
 * untouched row on another, and rows that shared an order (see sortByOrder) get distinct ones.
 */
export function reorderChanges(sorted: readonly TOrdered[], from: number, to: number): TOrderChange[] {
  if (from === to) return [];
  return afterMove(sorted, from, to).flatMap(({ row, display_order }) =>
    orderOf(row) === display_order ? [] : [{ id: row.id, display_order }],
  );
}

/** Every row's number in its order after the move: what the rows hold once reorderChanges is stored. */
export const numberedAfterMove = (sorted: readonly TOrdered[], from: number, to: number): TOrderChange[] =>
  afterMove(sorted, from, to).map(({ row, display_order }) => ({ id: row.id, display_order }));

/** The rows in their order after the move, numbered 1..n. */
const afterMove = (sorted: readonly TOrdered[], from: number, to: number) =>
  moveItem(sorted, from, to).map((row, i) => ({ row, display_order: i + 1 }));

/**
 * Whether a table can drop the order it shows after its moves and show the live rows again: only when no write
 * of a move is still in flight and the live rows show every write (the same rows, in that order, with those
 * numbers). While a write is in flight the live rows can match the moved order for a moment on their way
 * elsewhere: after Move up then Move down, the live rows pass through the order the Move down leads to while
 * the Move up's own write is still to land and take them back.
 */
export function movesSettled(
  live: readonly TOrdered[],
  moved: readonly TOrderChange[],
  writesInFlight: number,
): boolean {
  return (
    writesInFlight === 0 &&
    live.length === moved.length &&
    live.every((r, i) => r.id === moved[i]!.id && r.display_order === moved[i]!.display_order)
  );
}
