// The record-hearing form's quick picks (issue 34): "+7", "+14", "+30" give the next date that many days on,
// moved forward past a Sunday or a court holiday (the fixed five and those the firm's admin added), the way a
// judge adjourning "for two weeks" names the first working day on or after it. No zod: the form loads it.
import { addDays, holidayOn, type THoliday } from '../limitation/limitation-date.ts';

/** The quick-pick buttons, in days. */
export const NEXT_DATE_PICKS = [7, 14, 30] as const;

/** Why a candidate date was passed over: a Sunday, or the holiday's title. */
export type TSkippedDay = { date: string; why: string };
export type TNextDate = { date: string; skipped: TSkippedDay[] };

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isSunday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 0;
const isRealDate = (iso: string) =>
  ISO.test(iso) && new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso;

/**
 * The first day on or after `iso` when the courts sit: not a Sunday and no holiday. Consecutive closed days
 * (Eid runs two or three days, often beside a Sunday) are all passed, each listed so the form can say why.
 */
export function firstCourtDay(iso: string, holidays: readonly THoliday[] = []): TNextDate {
  const skipped: TSkippedDay[] = [];
  let date = iso;
  // A year of closed days is no real calendar: stop rather than loop on bad data.
  for (let i = 0; i < 366; i++) {
    const holiday = holidayOn(date, holidays);
    if (!holiday && !isSunday(date)) break;
    skipped.push({ date, why: holiday ?? 'Sunday' });
    date = addDays(date, 1);
  }
  return { date, skipped };
}

/**
 * The next date `days` on from `from` (the hearing's date, YYYY-MM-DD), moved to the first court day on or
 * after it; null when `from` is no real date or `days` is not a whole number of days ahead.
 */
export function quickPickDate(
  from: string,
  days: number,
  holidays: readonly THoliday[] = [],
): TNextDate | null {
  if (!isRealDate(from) || !Number.isInteger(days) || days < 1 || days > 3660) return null;
  return firstCourtDay(addDays(from, days), holidays);
}
