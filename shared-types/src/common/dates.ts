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
export const todayInPakistan = (now: Date = new Date()): string =>
  new Date(now.getTime() + PAKISTAN_OFFSET_MS).toISOString().slice(0, 10);
