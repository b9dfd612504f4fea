import { describe, expect, it } from 'vitest';
import {
  DATE_FIELD_LABELS,
  dateFieldLabel,
  limitationLastDate,
  MSG_CHALLENGING_DATE_REQUIRED,
  MSG_CHECK_DATES,
  MSG_PERIOD_NOT_SET,
  periodText,
  type TLimitationInput,
} from './limitation-date.ts';

const EID_2026 = [
  { date: '2026-03-20', title: 'Eid ul Fitr' },
  { date: '2026-03-21', title: 'Eid ul Fitr' },
];

/**
 * Worked by hand on a printed calendar (2026 starts on a Thursday): each row is the input, the last date, and
 * the dates the working passes through (after each term added and each day moved).
 */
const CASES: { name: string; input: TLimitationInput; last: string; path: string[]; holidays?: string[] }[] =
  [
    {
      name: 'days only: Mon 02/03/2026 + 30 = Wed 01/04/2026',
      input: { days: 30, challengingDate: '2026-03-02' },
      last: '2026-04-01',
      path: ['2026-03-02', '2026-04-01'],
    },
    {
      name: 'order and prepared dates: + 30, + 7 days the copy took (05/03 to 12/03)',
      input: { days: 30, challengingDate: '2026-03-02', orderDate: '2026-03-05', preparedDate: '2026-03-12' },
      last: '2026-04-08',
      path: ['2026-03-02', '2026-04-01', '2026-04-08'],
    },
    {
      name: 'order date alone: its day of the month (10) is added, the quirk of §9',
      input: { days: 30, challengingDate: '2026-03-02', orderDate: '2026-03-10' },
      last: '2026-04-11',
      path: ['2026-03-02', '2026-04-01', '2026-04-11'],
    },
    {
      name: 'order date alone on the 31st: + 31, over a month end',
      input: { days: 30, challengingDate: '2026-03-02', orderDate: '2026-03-31' },
      last: '2026-05-02',
      path: ['2026-03-02', '2026-04-01', '2026-05-02'],
    },
    {
      name: 'order and prepared the same day: + 0',
      input: { days: 30, challengingDate: '2026-03-02', orderDate: '2026-03-09', preparedDate: '2026-03-09' },
      last: '2026-04-01',
      path: ['2026-03-02', '2026-04-01', '2026-04-01'],
    },
    {
      name: 'prepared date alone adds nothing',
      input: { days: 30, challengingDate: '2026-03-02', preparedDate: '2026-03-20' },
      last: '2026-04-01',
      path: ['2026-03-02', '2026-04-01'],
    },
    {
      name: 'Sunday 05/04/2026 moves to Monday',
      input: { days: 30, challengingDate: '2026-03-06' },
      last: '2026-04-06',
      path: ['2026-03-06', '2026-04-05', '2026-04-06'],
    },
    {
      name: 'Kashmir Day, Thu 05/02/2026',
      input: { days: 30, challengingDate: '2026-01-06' },
      last: '2026-02-06',
      path: ['2026-01-06', '2026-02-05', '2026-02-06'],
      holidays: ['Kashmir Day'],
    },
    {
      name: 'Resolution Day, Mon 23/03/2026 (February of 28 days)',
      input: { days: 30, challengingDate: '2026-02-21' },
      last: '2026-03-24',
      path: ['2026-02-21', '2026-03-23', '2026-03-24'],
      holidays: ['Resolution Day'],
    },
    {
      name: 'Labour Day, Fri 01/05/2026',
      input: { days: 30, challengingDate: '2026-04-01' },
      last: '2026-05-02',
      path: ['2026-04-01', '2026-05-01', '2026-05-02'],
      holidays: ['Labour Day'],
    },
    {
      name: 'Independence Day, Fri 14/08/2026',
      input: { days: 30, challengingDate: '2026-07-15' },
      last: '2026-08-15',
      path: ['2026-07-15', '2026-08-14', '2026-08-15'],
      holidays: ['Independence Day'],
    },
    {
      name: 'Quaid-e-Azam Day, Fri 25/12/2026',
      input: { days: 30, challengingDate: '2026-11-25' },
      last: '2026-12-26',
      path: ['2026-11-25', '2026-12-25', '2026-12-26'],
      holidays: ['Quaid-e-Azam Day'],
    },
    {
      name: 'a holiday on a Saturday, then Sunday: Sat 14/08/2027 to Mon 16/08/2027 (fixed holidays recur)',
      input: { days: 30, challengingDate: '2027-07-15' },
      last: '2027-08-16',
      path: ['2027-07-15', '2027-08-14', '2027-08-15', '2027-08-16'],
      holidays: ['Independence Day'],
    },
    {
      name: 'a Sunday, then a holiday: Sun 22/03/2026, Resolution Day, Tue 24/03/2026',
      input: { days: 30, challengingDate: '2026-02-20' },
      last: '2026-03-24',
      path: ['2026-02-20', '2026-03-22', '2026-03-23', '2026-03-24'],
      holidays: ['Resolution Day'],
    },
    {
      name: 'admin-added Eid (Fri and Sat), then Sunday, then Resolution Day',
      input: { days: 30, challengingDate: '2026-02-18', holidays: EID_2026 },
      last: '2026-03-24',
      path: ['2026-02-18', '2026-03-20', '2026-03-21', '2026-03-22', '2026-03-23', '2026-03-24'],
      holidays: ['Eid ul Fitr', 'Eid ul Fitr', 'Resolution Day'],
    },
    {
      name: 'the same date without the admin holidays stays on Fri 20/03/2026',
      input: { days: 30, challengingDate: '2026-02-18' },
      last: '2026-03-20',
      path: ['2026-02-18', '2026-03-20'],
    },
    {
      name: 'an admin holiday of another year does not apply',
      input: {
        days: 30,
        challengingDate: '2026-02-18',
        holidays: [{ date: '2027-03-20', title: 'Eid ul Fitr' }],
      },
      last: '2026-03-20',
      path: ['2026-02-18', '2026-03-20'],
    },
    {
      name: 'year end: 10/12/2026 + 30 = Sat 09/01/2027',
      input: { days: 30, challengingDate: '2026-12-10' },
      last: '2027-01-09',
      path: ['2026-12-10', '2027-01-09'],
    },
    {
      name: 'year end onto a Sunday: 04/12/2026 + 30 = Sun 03/01/2027, moved to Mon 04/01/2027',
      input: { days: 30, challengingDate: '2026-12-04' },
      last: '2027-01-04',
      path: ['2026-12-04', '2027-01-03', '2027-01-04'],
    },
    {
      name: 'leap year: 01/02/2028 + 28 = Tue 29/02/2028',
      input: { days: 28, challengingDate: '2028-02-01' },
      last: '2028-02-29',
      path: ['2028-02-01', '2028-02-29'],
    },
  ];

describe('limitationLastDate (part 3 §9), against dates worked by hand', () => {
  for (const c of CASES)
    it(c.name, () => {
      const r = limitationLastDate(c.input);
      if (!r.ok) throw new Error(r.message);
      expect(r.lastDate).toBe(c.last);
      expect(r.steps.map((s) => s.date)).toEqual(c.path);
      expect(r.notes.length).toBe((c.holidays ?? []).length);
      (c.holidays ?? []).forEach((h, i) => expect(r.notes[i]).toContain(h));
    });

  it('shows its working in words a lawyer can check', () => {
    const r = limitationLastDate({
      days: 30,
      challengingDate: '2026-07-15',
      orderDate: '2026-07-20',
      preparedDate: '2026-07-25',
    });
    if (!r.ok) throw new Error(r.message);
    // 15/07 + 30 = 14/08 (Independence Day) + 5 = 19/08, a Wednesday: nothing moves.
    expect(r.steps.map((s) => s.text)).toEqual([
      'Challenging Date 15/07/2026',
      '+ 30 days (period of limitation) = 14/08/2026',
      '+ 5 days (Order Date 20/07/2026 to Prepared Date 25/07/2026) = 19/08/2026',
    ]);
    const moved = limitationLastDate({ days: 30, challengingDate: '2027-07-15' });
    if (!moved.ok) throw new Error(moved.message);
    expect(moved.steps.slice(2).map((s) => s.text)).toEqual([
      '14/08/2027 is a holiday (Independence Day): moved to 15/08/2027',
      '15/08/2027 is a Sunday: moved to 16/08/2027',
    ]);
  });

  it.each([
    ['an order date before the challenging date', { orderDate: '2026-03-01' }],
    ['a prepared date before the order date', { orderDate: '2026-03-10', preparedDate: '2026-03-09' }],
    ['a prepared date before the challenging date', { preparedDate: '2026-03-01' }],
    ['a date that does not exist', { orderDate: '2026-02-30' }],
  ])('refuses %s with "Check Dates Again! "', (_name, dates) => {
    expect(limitationLastDate({ days: 30, challengingDate: '2026-03-02', ...dates })).toEqual({
      ok: false,
      message: MSG_CHECK_DATES,
    });
  });

  it('keeps the date field labels the original client finds its inputs by (issue 31)', () => {
    // LimitationCalculator.vue gives each input the id `date_field_label.replace(/ +/g, '')` and reads
    // `#ChallengingDate` (and `#OrderDate`, `#PreparedDate`): a label changed here stops that calculator.
    expect(DATE_FIELD_LABELS).toEqual(['Challenging Date', 'Order Date', 'Prepared Date']);
    expect(DATE_FIELD_LABELS.map((l) => l.replace(/ +/g, ''))).toEqual([
      'ChallengingDate',
      'OrderDate',
      'PreparedDate',
    ]);
    // Its question form still offers the spec's old spelling, which is read as the Challenging Date.
    expect(dateFieldLabel('Challanging Date')).toBe('Challenging Date');
    expect(dateFieldLabel('Order Date')).toBe('Order Date');
    expect(dateFieldLabel('Challenge Date')).toBe('Challenge Date');
  });

  it('needs a challenging date and a period', () => {
    expect(limitationLastDate({ days: 30, challengingDate: null })).toEqual({
      ok: false,
      message: MSG_CHALLENGING_DATE_REQUIRED,
    });
    expect(limitationLastDate({ days: null, challengingDate: '2026-03-02' })).toEqual({
      ok: false,
      message: MSG_PERIOD_NOT_SET,
    });
  });

  it('shows the period as "N Days", except for a Suit', () => {
    expect(periodText('Appeal', 30)).toBe('30 Days');
    expect(periodText('Suit', 1095)).toBeNull();
    expect(periodText('Application', null)).toBe('period not set');
  });
});
