import { useEffect, useRef, useState, type DragEvent } from 'react';
import { MSG } from '@lawfirm/shared-types';
import { reorderChanges } from './rowOrder.ts';
import { useToast } from './toast.tsx';
import { useSaveReport } from './useSaveReport.ts';
import type { TRow, TRowStore } from './useRowStore.ts';

export type TMoveLabel = 'Move up' | 'Move down';

/**
 * Drag and drop and Move up / Move down of an orderable row table. A move writes the new display orders of
 * just the rows that moved, all at once (TRowStore.reorder).
 */
export function useRowOrdering<T extends TRow>(store: TRowStore | null, rows: readonly T[] | undefined) {
  const toast = useToast();
  const saved = useSaveReport();
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
    try {
      const changes = reorderChanges(rows, from, to);
      if (!changes.length) return;
      await saved(() => store.reorder(changes), MSG.updatedOk);
    } catch (e) {
      toast.failed(e);
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

  return { tableRef, step, dragProps, dragClass };
}
