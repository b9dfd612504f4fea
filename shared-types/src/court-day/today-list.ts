// Where to be next (issue 34): a day's hearings under a heading per court, each court's in the order of
// their serial numbers in that day's cause list, so a lawyer walking between courtrooms reads the list top
// to bottom. No zod: the dashboard loads it.
import { compareNatural } from '../common/natural-order.ts';

export type TDayHearing = {
  court: string | null;
  court_room?: string | null;
  serial_no?: number | null;
  /** The case's number as the app shows it; orders hearings without a serial. */
  caseNumber: string;
};
export type TCourtGroup<H> = { court: string; hearings: H[] };

export const NO_COURT = 'Court not set';

/**
 * Groups by court (courts in alphabetical order, cases without a court last), and within a court by serial
 * (those without one after, by case number): the cause list's order, which is the order they are called.
 */
export function groupByCourt<H extends TDayHearing>(hearings: readonly H[]): TCourtGroup<H>[] {
  const groups = new Map<string, H[]>();
  for (const h of hearings) {
    const court = h.court?.trim() || NO_COURT;
    const list = groups.get(court);
    if (list) list.push(h);
    else groups.set(court, [h]);
  }
  const bySerial = (a: H, b: H) =>
    (a.serial_no ?? Infinity) - (b.serial_no ?? Infinity) || compareNatural(a.caseNumber, b.caseNumber);
  return [...groups.entries()]
    .sort(([a], [b]) => (a === NO_COURT ? 1 : b === NO_COURT ? -1 : compareNatural(a, b)))
    .map(([court, list]) => ({ court, hearings: list.sort(bySerial) }));
}

/** "Court Room 5 · Serial 12": the line under a hearing saying where it is; empty when neither is known. */
export const whereText = (h: Pick<TDayHearing, 'court_room' | 'serial_no'>): string =>
  [h.court_room?.trim() || null, h.serial_no != null ? `Serial ${h.serial_no}` : null]
    .filter(Boolean)
    .join(' · ');
