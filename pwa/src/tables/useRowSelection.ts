import { useEffect, useRef, useState } from 'react';

/**
 * The ticked rows of a selectable row table, for Select all and Delete Selected. Only ticks of rows still
 * shown count: a row deleted on another device drops out of the selection.
 */
export function useRowSelection<T extends { id: string }>(rows: readonly T[] | undefined) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const selected = rows?.filter((r) => picked.has(r.id)) ?? [];
  const all = !!rows?.length && selected.length === rows.length;
  // Some but not all ticked: the Select all box shows a dash.
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = selected.length > 0 && !all;
  }, [selected.length, all]);

  const change = (some: readonly T[], on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      for (const r of some) {
        if (on) next.add(r.id);
        else next.delete(r.id);
      }
      return next;
    });

  return {
    selected,
    all,
    selectAllRef,
    isPicked: (row: T) => picked.has(row.id),
    toggle: (row: T, on: boolean) => change([row], on),
    setAll: (on: boolean) => setPicked(new Set(on ? rows?.map((r) => r.id) : [])),
    /** Forgets rows once they are deleted. */
    drop: (gone: readonly T[]) => change(gone, false),
  };
}
