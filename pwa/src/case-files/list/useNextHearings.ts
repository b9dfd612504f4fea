import { useLiveQuery, useSync } from '../../sync/hooks.ts';
import type { TOrderSheetRow } from '../caseFiles.types.ts';
import { todayIso } from '../hearing.logic.ts';

/**
 * The day of each case's next hearing (its earliest order sheet from today on, as hearing.logic.ts), for
 * ordering the whole list by it: one indexed range read of the order sheets, only while that order is chosen.
 */
export function useNextHearings(wanted: boolean): ReadonlyMap<string, string> | undefined {
  const ctx = useSync();
  return useLiveQuery(async () => {
    if (!ctx || !wanted) return undefined;
    const sheets = (await ctx.db
      .rows('order_sheets')
      .where('order_sheet_date')
      .aboveOrEqual(todayIso())
      .toArray()) as unknown as TOrderSheetRow[];
    const next = new Map<string, string>();
    for (const s of sheets) {
      const day = next.get(s.petition_id);
      if (day === undefined || s.order_sheet_date < day) next.set(s.petition_id, s.order_sheet_date);
    }
    return next;
  }, [ctx, wanted]);
}
