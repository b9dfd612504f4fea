import { formatDate } from '../common/dates.ts';

/**
 * The date fields of a sub answer. These labels are a contract, not wording to polish: the original web client
 * finds each date input by its label with the spaces taken out (`#ChallengingDate`, `#OrderDate`,
 * `#PreparedDate`), so a changed label stops its calculator. The spec's "Challanging Date" was a typo the old
 * server's data did not have (issue 31); a test pins these.
 */
export const DATE_FIELD_LABELS = ['Challenging Date', 'Order Date', 'Prepared Date'] as const;
export type TDateFieldLabel = (typeof DATE_FIELD_LABELS)[number];
export const CHALLENGING_DATE: TDateFieldLabel = 'Challenging Date';

/** The spec's misspelling, which the original client's question form still offers and sends. */
const OLD_CHALLENGING_DATE = 'Challanging Date';

/**
 * A date field label as written anywhere (the original client's form, a device's outbox or public snapshot from
 * before the fix): the old spelling is the Challenging Date; anything else is as given.
 */
export const dateFieldLabel = <T>(label: T): T | TDateFieldLabel =>
  label === OLD_CHALLENGING_DATE ? CHALLENGING_DATE : label;

export const MSG_CHECK_DATES = 'Check Dates Again! ';
export const MSG_PERIOD_NOT_SET = 'The period of limitation is not set for this article.';
export const MSG_CHALLENGING_DATE_REQUIRED = 'Challenging Date field is required.';
export const HOLIDAY_NOTE = 'The last date may differ due to holidays the court announces.';

/** A court holiday on a date (YYYY-MM-DD). */
export type THoliday = { date: string; title: string };

/** The five holidays of every year (§9); others (Eid, gazetted days) an admin adds per year. */
export const FIXED_HOLIDAYS: readonly { month: number; day: number; title: string }[] = [
  { month: 2, day: 5, title: 'Kashmir Day' },
  { month: 3, day: 23, title: 'Resolution Day' },
  { month: 5, day: 1, title: 'Labour Day' },
  { month: 8, day: 14, title: 'Independence Day' },
  { month: 12, day: 25, title: 'Quaid-e-Azam Day' },
];

export type TLimitationInput = {
  /** Days of the chosen sub answer; null when the article has no period. */
  days: number | null;
  challengingDate: string | null;
  orderDate?: string | null;
  preparedDate?: string | null;
  /** Holidays an admin added (the fixed ones always apply). */
  holidays?: readonly THoliday[];
};

/** One line of the working: a start, a term added, or a day moved past a Sunday or a holiday. */
export type TLimitationStep =
  | { kind: 'start'; date: string; text: string }
  | { kind: 'add'; days: number; date: string; text: string }
  | { kind: 'move'; from: string; date: string; holiday: string | null; text: string };

export type TLimitationResult =
  | { ok: true; lastDate: string; days: number; steps: TLimitationStep[]; notes: string[] }
  | { ok: false; message: string };

const DAY_MS = 86_400_000;
const toMs = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
const toIso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (iso: string, n: number) => toIso(toMs(iso) + n * DAY_MS);
const daysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS);
const isSunday = (iso: string) => new Date(toMs(iso)).getUTCDay() === 0;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string | null | undefined): v is string => !!v && ISO_DATE.test(v) && toIso(toMs(v)) === v;

/** The holiday on a date, fixed or added by an admin, or null. */
export function holidayOn(iso: string, added: readonly THoliday[] = []): string | null {
  const m = +iso.slice(5, 7);
  const d = +iso.slice(8, 10);
  const fixed = FIXED_HOLIDAYS.find((h) => h.month === m && h.day === d);
  if (fixed) return fixed.title;
  return added.find((h) => h.date === iso)?.title ?? null;
}

/**
 * The last date of filing (part 3 §9), with its working so a lawyer can check it: the Challenging Date plus
 * the sub answer's days; plus the days from Order Date to Prepared Date when both are given (the time the
 * certified copy took), or, with an Order Date alone, that date's day of the month (the original system's
 * quirk, kept as the spec requires). A last date on a Sunday or a holiday moves to the next day, and again
 * while that day is a Sunday or a holiday too (the court reopens after consecutive closed days, e.g. Eid).
 */
export function limitationLastDate(input: TLimitationInput): TLimitationResult {
  const { days, challengingDate: start } = input;
  const order = input.orderDate || null;
  const prepared = input.preparedDate || null;
  if (!start) return { ok: false, message: MSG_CHALLENGING_DATE_REQUIRED };
  if (!isDate(start) || (order && !isDate(order)) || (prepared && !isDate(prepared)))
    return { ok: false, message: MSG_CHECK_DATES };
  // The spec's alert: an order date before the challenging date, or a prepared date before either.
  if ((order && order < start) || (prepared && (prepared < start || (order && prepared < order))))
    return { ok: false, message: MSG_CHECK_DATES };
  if (days === null || !Number.isInteger(days) || days < 0) return { ok: false, message: MSG_PERIOD_NOT_SET };

  const steps: TLimitationStep[] = [
    { kind: 'start', date: start, text: `${CHALLENGING_DATE} ${formatDate(start)}` },
  ];
  let date = start;
  const add = (n: number, why: string) => {
    date = addDays(date, n);
    steps.push({
      kind: 'add',
      days: n,
      date,
      text: `+ ${n} ${n === 1 ? 'day' : 'days'} ${why} = ${formatDate(date)}`,
    });
  };
  add(days, '(period of limitation)');
  if (order && prepared)
    add(
      daysBetween(order, prepared),
      `(Order Date ${formatDate(order)} to Prepared Date ${formatDate(prepared)})`,
    );
  else if (order) add(+order.slice(8, 10), `(day of the month of Order Date ${formatDate(order)})`);

  const notes: string[] = [];
  const added = input.holidays ?? [];
  for (;;) {
    const holiday = holidayOn(date, added);
    if (!holiday && !isSunday(date)) break;
    const from = date;
    date = addDays(date, 1);
    const why = holiday ? `a holiday (${holiday})` : 'a Sunday';
    const text = `${formatDate(from)} is ${why}: moved to ${formatDate(date)}`;
    steps.push({ kind: 'move', from, date, holiday, text });
    if (holiday) notes.push(text);
  }
  return { ok: true, lastDate: date, days, steps, notes };
}

/** The time period as the result shows it: not shown for a Suit, otherwise "N Days". */
export const periodText = (caseTitle: string, days: number | null): string | null =>
  caseTitle.trim().toLowerCase() === 'suit' ? null : days === null ? 'period not set' : `${days} Days`;
