import type { TRowOf } from '@lawfirm/shared-types';
import { compareCaseTitles, compareHearings } from '@lawfirm/shared-types/calendar/order.ts';
import type { TCauseListRow } from '@lawfirm/shared-types/pdf/builders/cause-list.ts';
import type { calendarMeetingsDecl } from '@lawfirm/shared-types/calendar/meetings.entities.ts';
import type { TOrderSheetRow, TPetitionRow } from '../case-files/caseFiles.types.ts';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';
import {
  caseNameOf,
  caseNumber,
  caseTitle,
  caseTitleWithPetitioners,
} from '@lawfirm/shared-types/case-files/case-title.ts';

export type TMeetingRow = TRowOf<typeof calendarMeetingsDecl>;

/**
 * A calendar event as the calendar and the cause list show it: a hearing (an order sheet's day with its case
 * file) or a meeting (no case file).
 */
export type THearing = {
  id: string;
  kind: 'hearing' | 'meeting';
  date: string;
  /** The case file; null for a meeting. */
  petitionId: string | null;
  /** 'WP 12/2024 Ali vs State', or the meeting's title. */
  title: string;
  /** 'WP 12/2024' (empty for a meeting). */
  caseNo: string;
  /** The case file's own title, 'Ali vs State' (the meeting's title for a meeting). */
  caseTitle: string;
  /**
   * The stage the case stands at, as a cause list gives it: this hearing's order sheet type, else the type of the
   * case's last earlier order sheet that has one.
   */
  lastOrder: string | null;
  court: string;
  pendingTag: string | null;
  /** The order sheet's type (the outcome or stage recorded), when set. */
  type: string | null;
  /** The hearing's summary (its order sheet's description) or the meeting's. */
  summary: string | null;
  /** Who added a meeting (they may change it, as an admin may any event). */
  createdBy: string | null;
  /** Where the hearing is: its court room and serial in the day's cause list (issue 34; both optional). */
  courtRoom?: string | null;
  serialNo?: number | null;
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

/**
 * The days a month grid shows for the month holding `iso` (whole weeks, Monday first, as react-calendar lays
 * out en-GB): from the Monday on or before the 1st to the Sunday on or after the last day. The week and the day
 * of `iso` are inside it.
 */
export function monthGrid(iso: string): { from: string; to: string } {
  const first = `${iso.slice(0, 8)}01`;
  const last = addDays(`${addDays(first, 31).slice(0, 8)}01`, -1);
  return { from: weekStart(first), to: addDays(weekStart(last), 6) };
}

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
  meetings: readonly TMeetingRow[] = [],
): Map<string, THearing[]> {
  const cases = new Map(petitions.map((p) => [p.id, p]));
  const byDay = new Map<string, THearing[]>();
  const add = (h: THearing) => {
    const list = byDay.get(h.date);
    if (list) list.push(h);
    else byDay.set(h.date, [h]);
  };
  // Each case's typed order sheets by date, for the stage a hearing comes up at.
  const typed = new Map<string, { date: string; type: string }[]>();
  for (const s of sheets) {
    const type = look.typeOf(s.order_sheet_type_id ?? null);
    if (!type || typeof s.order_sheet_date !== 'string') continue;
    const list = typed.get(s.petition_id);
    if (list) list.push({ date: s.order_sheet_date, type });
    else typed.set(s.petition_id, [{ date: s.order_sheet_date, type }]);
  }
  for (const list of typed.values()) list.sort((a, b) => compareCodes(a.date, b.date));
  const lastBefore = (petitionId: string, date: string): string | null => {
    let last: string | null = null;
    for (const t of typed.get(petitionId) ?? []) {
      if (t.date >= date) break;
      last = t.type;
    }
    return last;
  };
  for (const s of sheets) {
    const p = cases.get(s.petition_id);
    if (!p || typeof s.order_sheet_date !== 'string') continue;
    const name = caseNameOf(p, look.abbrOf(p.petition_type_id ?? null));
    const type = look.typeOf(s.order_sheet_type_id ?? null);
    add({
      id: s.id,
      kind: 'hearing',
      date: s.order_sheet_date,
      petitionId: p.id,
      title: caseTitle(name),
      caseNo: caseNumber(name),
      caseTitle: p.title,
      lastOrder: type ?? lastBefore(p.id, s.order_sheet_date),
      court: look.courtOf(p.court_id ?? null),
      pendingTag: p.pending_tag ?? null,
      type,
      summary: s.description ?? null,
      createdBy: null,
      courtRoom: typeof s.court_room === 'string' ? s.court_room : null,
      serialNo: typeof s.serial_no === 'number' ? s.serial_no : null,
    });
  }
  for (const m of meetings)
    if (typeof m.meeting_date === 'string')
      add({
        id: m.id,
        kind: 'meeting',
        date: m.meeting_date,
        petitionId: null,
        title: m.title,
        caseNo: '',
        caseTitle: m.title,
        lastOrder: null,
        court: '',
        pendingTag: null,
        type: null,
        summary: m.summary ?? null,
        createdBy: m.created_by ?? null,
      });
  for (const list of byDay.values()) list.sort(compareHearings);
  return byDay;
}

/** The calendar's case search starts at this many characters (part 2 §2.5). */
export const CASE_SEARCH_MIN = 3;
const CASE_SEARCH_MAX = 20;

export type TCaseChoice = { id: string; label: string };

/**
 * The case files the calendar's "Title of Case or Meeting" box offers for `text` (from 3 characters), found on
 * the device: by case number ('345', '345/2026', 'W.P. 345') or a word of the title or a petitioner's name,
 * each labelled as the original's petition_standard_title_with_petitioner, active cases first.
 */
export function findCases(
  text: string,
  petitions: readonly TPetitionRow[],
  abbrOf: (id: string | null) => string | null,
  petitionersOf: (id: string) => string,
): TCaseChoice[] {
  const q = text.trim().toLowerCase();
  if (q.length < CASE_SEARCH_MIN) return [];
  const out: (TCaseChoice & { rank: number })[] = [];
  for (const p of petitions) {
    const name = caseNameOf(p, abbrOf(p.petition_type_id ?? null));
    const label = caseTitleWithPetitioners(name, petitionersOf(p.id));
    const no = caseNumber({ ...name, caseType: null }).toLowerCase();
    const byNumber = no.startsWith(q) || caseNumber(name).toLowerCase().includes(q);
    if (!byNumber && !label.toLowerCase().includes(q)) continue;
    out.push({ id: p.id, label, rank: (byNumber ? 0 : 2) + (p.archived ? 1 : 0) });
  }
  return out
    .sort((a, b) => a.rank - b.rank || compareCaseTitles(a.label, b.label))
    .slice(0, CASE_SEARCH_MAX)
    .map(({ id, label }) => ({ id, label }));
}

/** A day's hearings as a cause list prints them (meetings are not heard in court). */
export const causeListRows = (events: readonly THearing[] | undefined): TCauseListRow[] =>
  (events ?? [])
    .filter((h) => h.kind === 'hearing')
    .map((h) => ({
      caseNo: h.caseNo,
      title: h.caseTitle,
      court: h.court || null,
      pendingTag: h.pendingTag,
      lastOrder: h.lastOrder,
      courtRoom: h.courtRoom ?? null,
      serialNo: h.serialNo ?? null,
    }));
