// Where to be next (issue 34): a day's hearings under a heading per court, each court's in the order of
// their serial numbers in that day's cause list, so a lawyer walking between courtrooms reads the list top
// to bottom. No zod: the dashboard loads it.
import { compareCodes, compareNatural } from '../common/natural-order.ts';

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

/** A hearing of a day as the lists by place need it (the calendar's THearing, the server's cause list row). */
export type TPlaced = {
  id: string;
  kind: 'hearing' | 'meeting';
  court: string;
  courtRoom?: string | null;
  serialNo?: number | null;
  caseNo: string;
  title: string;
};

/** The heading a hearing is listed under: its court, and the room within it when known. */
export const placeOf = (h: Pick<TPlaced, 'court' | 'courtRoom'>): string =>
  [h.court || NO_COURT, h.courtRoom?.trim() || null].filter(Boolean).join(' · ');

const bySerial = (a: TPlaced, b: TPlaced) => {
  const sa = a.serialNo ?? null;
  const sb = b.serialNo ?? null;
  if (sa !== null && sb !== null && sa !== sb) return sa - sb;
  // No serial goes last: the lawyer cannot know when it is called.
  if (sa === null && sb !== null) return 1;
  if (sb === null && sa !== null) return -1;
  // Then by case number as people read it (41/2026 before 345/2026), as the cause list always was.
  return compareNatural(a.caseNo, b.caseNo) || compareNatural(a.title, b.title) || compareCodes(a.id, b.id);
};

export type TPlaceGroup<H extends TPlaced> = { place: string; hearings: H[] };

/**
 * A day's hearings under a heading per court (and room), each group by serial (no serial last); the groups in
 * the order a lawyer walks them: the one with the lowest serial first, groups without serials last, then by
 * name. Meetings are not heard in court and are left out. Today's and tomorrow's lists, the cause list PDF
 * (device and server) and the mail digest all use this order.
 */
export function groupByPlace<H extends TPlaced>(hearings: readonly H[]): TPlaceGroup<H>[] {
  const groups = new Map<string, H[]>();
  for (const h of hearings) {
    if (h.kind !== 'hearing') continue;
    const key = placeOf(h);
    const list = groups.get(key);
    if (list) list.push(h);
    else groups.set(key, [h]);
  }
  const out = [...groups].map(([place, list]) => ({ place, hearings: list.sort(bySerial) }));
  const first = (g: TPlaceGroup<H>) => g.hearings[0]?.serialNo ?? Number.POSITIVE_INFINITY;
  return out.sort((a, b) => first(a) - first(b) || compareNatural(a.place, b.place));
}

/** A day's hearings in the order of their groups (what a list cut to its first ten shows first). */
export const orderedByPlace = <H extends TPlaced>(hearings: readonly H[]): H[] =>
  groupByPlace(hearings).flatMap((g) => g.hearings);
