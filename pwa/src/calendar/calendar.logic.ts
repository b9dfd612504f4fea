import type { TOrderSheetRow, TPetitionRow } from '../case-files/caseFiles.types.ts';

/** A hearing as the calendar and the cause list show it: an order sheet's day with its case file. */
export type THearing = {
  id: string;
  date: string;
  petitionId: string;
  /** 'WP 12/2024 Ali vs State'. */
  title: string;
  court: string;
  pendingTag: string | null;
  /** The order sheet's type (the outcome or stage recorded), when set. */
  type: string | null;
};

export type TCalendarLookups = {
  courtOf: (id: string | null) => string;
  abbrOf: (id: string | null) => string | null;
  typeOf: (id: string | null) => string | null;
};

const DAY_MS = 86_400_000;
export const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the week holding `iso` (Pakistani courts sit Monday to Saturday). */
export function weekStart(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return addDays(iso, -((day + 6) % 7));
}

/** The seven days from the Monday of `iso`'s week. */
export const weekOf = (iso: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(weekStart(iso), i));

/** A JS date of a calendar grid's tile (local midnight) as its ISO day. */
export const isoOfLocal = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const localOfIso = (iso: string): Date => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/**
 * Every hearing on this device by day: the live order sheets of live case files, each day's ordered by court
 * then case number (the order a cause list is read in court).
 */
export function hearingsByDay(
  sheets: readonly TOrderSheetRow[],
  petitions: readonly TPetitionRow[],
  look: TCalendarLookups,
): Map<string, THearing[]> {
  const cases = new Map(petitions.map((p) => [p.id, p]));
  const byDay = new Map<string, THearing[]>();
  for (const s of sheets) {
    const p = cases.get(s.petition_id);
    if (!p || typeof s.order_sheet_date !== 'string') continue;
    const abbr = look.abbrOf(p.petition_type_id ?? null);
    const no = p.year ? `${p.case_no}/${p.year}` : p.case_no;
    const h: THearing = {
      id: s.id,
      date: s.order_sheet_date,
      petitionId: p.id,
      title: `${abbr ? `${abbr} ${no}` : no} ${p.title}`.trim(),
      court: look.courtOf(p.court_id ?? null),
      pendingTag: p.pending_tag ?? null,
      type: look.typeOf(s.order_sheet_type_id ?? null),
    };
    const list = byDay.get(h.date);
    if (list) list.push(h);
    else byDay.set(h.date, [h]);
  }
  for (const list of byDay.values())
    list.sort(
      (a, b) =>
        a.court.localeCompare(b.court) ||
        a.title.localeCompare(b.title, 'en', { numeric: true }) ||
        (a.id < b.id ? -1 : 1),
    );
  return byDay;
}
