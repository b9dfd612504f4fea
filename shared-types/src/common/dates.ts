/** ISO YYYY-MM-DD or an ISO instant → dd/mm/yyyy (the spec's display format). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** dd/mm/yyyy → YYYY-MM-DD, or null when it is not a real calendar date. */
export function parseDisplayDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(mo) - 1) return null;
  return `${y}-${mo}-${d}`;
}

/** Pakistan Standard Time: UTC+5 all year (Pakistan has kept no daylight saving since 2009). */
const PAKISTAN_OFFSET_MS = 5 * 60 * 60 * 1000;

/**
 * Today's date (YYYY-MM-DD) in Pakistan, where every firm works: "today" for hearings, PDFs and new records
 * is the lawyer's day in Lahore or Karachi, never the server's UTC day or a device's own time zone, so the
 * server and every device agree (at 02:00 in Lahore a hearing dated today is still the next one).
 */
export const todayInPakistan = (now: Date = new Date()): string => dayInPakistan(now.getTime());

/** The date (YYYY-MM-DD) in Pakistan at an instant (milliseconds since the epoch). */
function dayInPakistan(ms: number): string {
  return new Date(ms + PAKISTAN_OFFSET_MS).toISOString().slice(0, 10);
}

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/i;

/**
 * An ISO instant with its zone → the date (YYYY-MM-DD) it is in Pakistan, or null when it is no real instant.
 * A client that sends a JavaScript Date sends this (JSON.stringify): 20 Dec picked at midnight in Pakistan
 * arrives as `2026-12-19T19:00:00.000Z`, which is the 20th here.
 */
export function instantToPakistanDate(text: string): string | null {
  const m = ISO_INSTANT.exec(text.trim());
  if (!m || !parseDisplayDate(`${m[3]}/${m[2]}/${m[1]}`)) return null;
  const n = (i: number) => Number(m[i] ?? 0);
  if (n(4) > 23 || n(5) > 59 || n(6) > 59 || n(9) > 23 || n(10) > 59) return null;
  const offsetMin = (m[8] === '-' ? -1 : 1) * (n(9) * 60 + n(10));
  const ms = Math.floor(Number(`0.${m[7] ?? 0}`) * 1000);
  return dayInPakistan(Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6), ms) - offsetMin * 60_000);
}
