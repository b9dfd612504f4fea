import { useMemo } from 'react';
import { useLiveQuery, useSync } from '../sync/hooks.ts';
import { useAllParties, useLookups, usePetitions } from '../case-files/useCaseFiles.ts';
import type { TOrderSheetRow, TPetitionRow } from '../case-files/caseFiles.types.ts';
import { useModuleTypes } from '../reference-data/useReferenceData.ts';
import {
  addDays,
  findCases,
  hearingsByDay,
  type TCaseChoice,
  type THearing,
  type TMeetingRow,
} from './calendar.logic.ts';

/** The calendar modal's case search over the case files on this device (undefined while loading). */
export function useCaseSearch(): ((text: string) => TCaseChoice[]) | undefined {
  const petitions = usePetitions();
  const parties = useAllParties();
  const lookups = useLookups();
  return useMemo(() => {
    if (!petitions || !parties || !lookups) return undefined;
    const names = new Map<string, string[]>();
    for (const p of parties)
      if (p.side === 'petitioner') {
        const list = names.get(p.petition_id);
        if (list) list.push(p.name);
        else names.set(p.petition_id, [p.name]);
      }
    return (text) => findCases(text, petitions, lookups.abbrOf, (id) => (names.get(id) ?? []).join(', '));
  }, [petitions, parties, lookups]);
}

export type TCauseLists = { today: THearing[]; tomorrow: THearing[] };

/**
 * The hearings (and meetings) from `from` to `to`, both included, by day, from the device (works offline):
 * only the order sheets of those days are read (by their date index), with the other sheets of their cases for
 * the stage each case stands at, so a screen stays quick however many years of hearings the firm has.
 */
export function useHearingsBetween(
  from: string,
  to: string,
  enabled = true,
): Map<string, THearing[]> | undefined {
  const ctx = useSync();
  const lookups = useLookups();
  const types = useModuleTypes();
  const data = useLiveQuery(async () => {
    if (!ctx || !enabled) return undefined;
    const [sheetsTable, meetingsTable, petitionsTable] = [
      ctx.db.rows('order_sheets'),
      ctx.db.rows('calendar_meetings'),
      ctx.db.rows('petitions'),
    ];
    // One read transaction for all of it: a transaction per read costs more than the read.
    return ctx.db.transaction('r', sheetsTable, meetingsTable, petitionsTable, async () => {
      const [due, meetings] = await Promise.all([
        sheetsTable.where('order_sheet_date').between(from, to, true, true).toArray(),
        meetingsTable.where('meeting_date').between(from, to, true, true).toArray(),
      ]);
      const ids = [...new Set(due.map((s) => String(s.petition_id)))];
      // One indexed read per case (anyOf walks a cursor row by row: ~100 ms for 2,000 sheets on a phone).
      const [petitions, sheets] = await Promise.all([
        petitionsTable.bulkGet(ids),
        Promise.all(ids.map((id) => sheetsTable.where('petition_id').equals(id).toArray())),
      ]);
      return {
        petitions: petitions.filter((p) => !!p) as unknown as TPetitionRow[],
        sheets: sheets.flat() as unknown as TOrderSheetRow[],
        meetings: meetings as unknown as TMeetingRow[],
      };
    });
  }, [ctx, from, to, enabled]);
  return useMemo(() => {
    if (!data || !lookups || !types) return undefined;
    const type = new Map(types.map((t) => [t.id, t.title]));
    const days = hearingsByDay(
      data.sheets,
      data.petitions,
      { ...lookups, typeOf: (id) => (id ? (type.get(id) ?? null) : null) },
      data.meetings,
    );
    // The cases' other sheets were read for their stage; their days outside the range are not asked for.
    for (const day of days.keys()) if (day < from || day > to) days.delete(day);
    return days;
  }, [data, lookups, types, from, to]);
}

/**
 * How many hearings and meetings each day from `from` to `to` has, counted by the date indexes (no row is
 * read: a month of 2,000 hearings costs a count per day, not 2,000 rows); undefined while loading or when not
 * `enabled`.
 */
export function useHearingCounts(from: string, to: string, enabled = true): Map<string, number> | undefined {
  const ctx = useSync();
  return useLiveQuery(async () => {
    if (!ctx || !enabled) return undefined;
    const sheets = ctx.db.rows('order_sheets');
    const meetings = ctx.db.rows('calendar_meetings');
    const dates: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
    return ctx.db.transaction('r', sheets, meetings, async () => {
      // Meetings are few: read in one go. Hearings are many: counted day by day.
      const [counted, meetingRows] = await Promise.all([
        Promise.all(dates.map((d) => sheets.where('order_sheet_date').equals(d).count())),
        meetings.where('meeting_date').between(from, to, true, true).toArray(),
      ]);
      const counts = new Map<string, number>();
      dates.forEach((d, i) => {
        if (counted[i]) counts.set(d, counted[i]);
      });
      for (const m of meetingRows) {
        const d = String(m.meeting_date);
        counts.set(d, (counts.get(d) ?? 0) + 1);
      }
      return counts;
    });
  }, [ctx, from, to, enabled]);
}

/** Today's and tomorrow's hearings and meetings, for the cause lists and the dashboard's banner. */
export function useCauseLists(today: string, enabled = true): TCauseLists | undefined {
  const tomorrow = addDays(today, 1);
  const days = useHearingsBetween(today, tomorrow, enabled);
  return useMemo(
    () => days && { today: days.get(today) ?? [], tomorrow: days.get(tomorrow) ?? [] },
    [days, today, tomorrow],
  );
}
