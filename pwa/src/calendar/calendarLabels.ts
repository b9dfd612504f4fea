// English names without Intl: the first Intl.DateTimeFormat of a page loads its locale data (40-60 ms on a
// desktop, four times that on a phone), and this screen is loaded ahead while the dashboard is idle.
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const dayName = (iso: string) => DAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()]!;
export const monthName = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]!} ${iso.slice(0, 4)}`;
/**
 * react-calendar's labels as its en-GB Intl formats give them ('27', '27 November 2026', 'Mon'), from the same
 * lists: its own formatters made the page's first Intl.DateTimeFormat during the tap that opens the calendar.
 */
export const GRID_LABELS = {
  formatDay: (_: string | undefined, d: Date) => String(d.getDate()),
  formatLongDate: (_: string | undefined, d: Date) =>
    `${d.getDate()} ${MONTHS[d.getMonth()]!} ${d.getFullYear()}`,
  formatMonth: (_: string | undefined, d: Date) => MONTHS[d.getMonth()]!,
  formatMonthYear: (_: string | undefined, d: Date) => `${MONTHS[d.getMonth()]!} ${d.getFullYear()}`,
  formatShortWeekday: (_: string | undefined, d: Date) => DAYS[d.getDay()]!.slice(0, 3),
  formatWeekday: (_: string | undefined, d: Date) => DAYS[d.getDay()]!,
  formatYear: (_: string | undefined, d: Date) => String(d.getFullYear()),
};
