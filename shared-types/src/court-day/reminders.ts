// Never miss tomorrow (issue 34): the evening reminder of tomorrow's hearings at the user's hour in Pakistan
// time, its text, and the dashboard's warning for today's hearings left unrecorded. Pure: the PWA's
// scheduler and service worker run them on the device's database, offline. No zod.
import { addDays } from '../limitation/limitation-date.ts';
import { todayInPakistan } from '../common/dates.ts';

const PKT_OFFSET_MS = 5 * 3_600_000;

/**
 * The next reminder after `now`: today at `hour`:00 in Pakistan when that is still ahead, else tomorrow's.
 * Pakistan keeps UTC+5 all year, so the hour never shifts with a device's own zone or a daylight change.
 */
export function nextReminderAt(now: Date, hour: number): Date {
  const today = todayInPakistan(now);
  const at = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000 - PKT_OFFSET_MS);
  const todays = at(today);
  return todays.getTime() > now.getTime() ? todays : at(addDays(today, 1));
}

/** The day (YYYY-MM-DD) after the one `now` is in, in Pakistan: what the evening reminder is about. */
export const tomorrowInPakistan = (now: Date): string => addDays(todayInPakistan(now), 1);

/**
 * The notification for tomorrow's hearings: their count, and the courts with the most hearings first (three
 * named, then how many more). Null when there is none: no reminder is better than "0 hearings".
 */
export function tomorrowReminder(
  hearings: readonly { court: string | null }[],
): { title: string; body: string } | null {
  if (!hearings.length) return null;
  const counts = new Map<string, number>();
  for (const h of hearings) {
    const c = h.court?.trim() || 'Court not set';
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const courts = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const named = courts.slice(0, 3).map(([c, n]) => (n > 1 ? `${c} (${n})` : c));
  const more = courts.length - named.length;
  const n = hearings.length;
  return {
    title: `${n} ${n === 1 ? 'hearing' : 'hearings'} tomorrow`,
    body:
      more > 0 ? `${named.join(', ')} and ${more} more ${more === 1 ? 'court' : 'courts'}` : named.join(', '),
  };
}

type TSheet = { petition_id: string; date: string; outcome?: string | null };

/**
 * Today's hearings nobody recorded yet: dated today, with no outcome on the sheet and no later date set for
 * the case (recording a hearing does one or both). The dashboard warns of them before the day is over.
 */
export function unrecordedToday<S extends TSheet>(sheets: readonly S[], today: string): S[] {
  const later = new Set(sheets.filter((s) => s.date > today).map((s) => s.petition_id));
  return sheets.filter((s) => s.date === today && !s.outcome && !later.has(s.petition_id));
}

/** "2 hearings today not recorded"; null when all are. */
export const unrecordedWarning = (count: number): string | null =>
  count ? `${count} ${count === 1 ? 'hearing' : 'hearings'} today not recorded` : null;
