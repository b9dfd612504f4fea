import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { MSG } from '@lawfirm/shared-types';
import { movesSettled, numberedAfterMove, reorderChanges, type TOrderChange } from '../tables/rowOrder.ts';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import type { TRow, TRowStore } from './useRowStore.ts';

export type TMoveLabel = 'Move up' | 'Move down';

/** After the last move's write, how long the moved order is shown if the live rows never come to show it. */
const SETTLE_MS = 2000;

/** `rows` in the order of `ids`, or null when they are not the same rows (one was added or removed). */
function inOrder<T extends TRow>(rows: readonly T[], ids: readonly string[]): T[] | null {
  if (rows.length !== ids.length) return null;
  const at = new Map(ids.map((id, i) => [id, i]));
  if (!rows.every((r) => at.has(r.id))) return null;
  return [...rows].sort((a, b) => at.get(a.id)! - at.get(b.id)!);
}

/**
 * Drag and drop and Move up / Move down of an orderable row table. A move writes the new display orders of
 * just the rows that moved, all at once (TRowStore.reorder), and shows at once: until the live rows read the
 * write back, the table shows them in the moved order (`rows`), and the next move starts from it (order and
 * numbers, as the writes in flight will leave them), so two quick taps on Move up move a row two places. Should
 * the live rows settle on another order (another device moved them too), they win. `saving` is true while a
 * move's write is in flight (the table is then aria-busy).
 */
export function useRowOrdering<T extends TRow>(store: TRowStore | null, live: readonly T[] | undefined) {
  const toast = useToast();
  const saved = useSaveReport();
  // Every row's number after the last move, in that order, while the live rows do not show it yet.
  const [moved, setMoved] = useState<readonly TOrderChange[] | null>(null);
  const [saving, setSaving] = useState(0);
  const writing = useRef(0);
  const moves = useRef(0);
  const rows = useMemo(
    () =>
      (moved &&
        live &&
        inOrder(
          live,
          moved.map((m) => m.id),
        )?.map((r, i) => ({ ...r, display_order: moved[i]!.display_order }))) ||
      live,
    [moved, live],
  );
  useEffect(() => {
    if (moved && live && movesSettled(live, moved, saving)) setMoved(null);
  }, [live, moved, saving]);
  const [drag, setDrag] = useState<{ id: string; over: string | null } | null>(null);
  // After Move up/down the row is re-rendered elsewhere: put the focus back on the same button.
  const refocus = useRef<{ id: string; label: TMoveLabel } | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useEffect(() => {
    const r = refocus.current;
    if (!r || !tableRef.current) return;
    const tr = tableRef.current.querySelector(`tr[data-row-id="${CSS.escape(r.id)}"]`);
    const wanted = tr?.querySelector<HTMLButtonElement>(`button[aria-label="${r.label}"]`);
    const other = tr?.querySelector<HTMLButtonElement>(
      `button[aria-label="${r.label === 'Move up' ? 'Move down' : 'Move up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    refocus.current = null;
  }, [rows]);

  const move = async (from: number, to: number) => {
    if (!store || !rows) return;
    // Numbered from what the rows will hold once the writes in flight have landed, not from the live numbers:
    // a row the last move renumbered is written again when this move changes it back.
    const changes = reorderChanges(rows, from, to);
    if (!changes.length) return;
    setMoved(numberedAfterMove(rows, from, to));
    const mine = ++moves.current;
    writing.current++;
    setSaving((n) => n + 1);
    try {
      await saved(() => store.reorder(changes), MSG.updatedOk);
    } catch (e) {
      toast.failed(e);
      setMoved(null);
    } finally {
      writing.current--;
      setSaving((n) => n - 1);
      setTimeout(() => {
        if (writing.current === 0 && moves.current === mine) setMoved(null);
      }, SETTLE_MS);
    }
  };
  const indexOf = (id: string) => rows?.findIndex((r) => r.id === id) ?? -1;

  /** The keyboard and touch way: one step up or down, keeping the focus on the button pressed. */
  const step = (row: T, to: number, label: TMoveLabel) => {
    refocus.current = { id: row.id, label };
    void move(indexOf(row.id), to);
  };

  const dragProps = (row: T) => ({
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.setData('text/plain', row.id);
      e.dataTransfer.effectAllowed = 'move';
      setDrag({ id: row.id, over: null });
    },
    onDragOver: (e: DragEvent) => {
      if (!drag) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (drag.over !== row.id) setDrag({ ...drag, over: row.id });
    },
    onDrop: (e: DragEvent) => {
      if (!drag) return;
      e.preventDefault();
      const from = indexOf(drag.id);
      setDrag(null);
      void move(from, indexOf(row.id));
    },
    onDragEnd: () => setDrag(null),
  });

  const dragClass = (row: T): string =>
    drag?.id === row.id ? 'dragging' : drag?.over === row.id ? 'drop-target' : '';

  return { rows, saving: saving > 0, tableRef, step, dragProps, dragClass };
}
