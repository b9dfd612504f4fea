import { describe, expect, it } from 'vitest';
import { firstCourtDay, NEXT_DATE_PICKS, quickPickDate } from './next-date.ts';

describe('next-date quick picks', () => {
  it('offers +7, +14 and +30 days', () => {
    expect(NEXT_DATE_PICKS).toEqual([7, 14, 30]);
  });

  it('lands on the day that many days on when the court sits then', () => {
    // Monday 30/11/2026 + 7 = Monday 07/12/2026.
    expect(quickPickDate('2026-11-30', 7)).toEqual({ date: '2026-12-07', skipped: [] });
    expect(quickPickDate('2026-11-30', 14)?.date).toBe('2026-12-14');
    // Across a month and a year's end: 15/12/2026 + 30 = Thursday 14/01/2027.
    expect(quickPickDate('2026-12-15', 30)?.date).toBe('2027-01-14');
  });

  it('moves a Sunday to Monday', () => {
    // Sunday 29/11/2026 + 7 = Sunday 06/12/2026 -> Monday 07/12/2026.
    expect(quickPickDate('2026-11-29', 7)).toEqual({
      date: '2026-12-07',
      skipped: [{ date: '2026-12-06', why: 'Sunday' }],
    });
  });

  it('passes the fixed holidays and the ones the firm added, consecutive days too', () => {
    // Friday 18/12/2026 + 7 = Friday 25/12 (Quaid-e-Azam Day) -> Saturday 26/12.
    expect(quickPickDate('2026-12-18', 7)).toEqual({
      date: '2026-12-26',
      skipped: [{ date: '2026-12-25', why: 'Quaid-e-Azam Day' }],
    });
    // An Eid the admin added on Saturday and Monday around a Sunday: all three are passed.
    const eid = [
      { date: '2027-03-20', title: 'Eid ul Fitr' },
      { date: '2027-03-22', title: 'Eid ul Fitr holiday' },
    ];
    expect(quickPickDate('2027-03-06', 14, eid)).toEqual({
      date: '2027-03-24',
      skipped: [
        { date: '2027-03-20', why: 'Eid ul Fitr' },
        { date: '2027-03-21', why: 'Sunday' },
        { date: '2027-03-22', why: 'Eid ul Fitr holiday' },
        { date: '2027-03-23', why: 'Resolution Day' },
      ],
    });
  });

  it('gives no date for a bad start or a bad number of days', () => {
    expect(quickPickDate('2026-02-30', 7)).toBeNull();
    expect(quickPickDate('30/11/2026', 7)).toBeNull();
    expect(quickPickDate('2026-11-30', 0)).toBeNull();
    expect(quickPickDate('2026-11-30', 1.5)).toBeNull();
  });

  it('keeps a working day as it is', () => {
    expect(firstCourtDay('2026-12-01')).toEqual({ date: '2026-12-01', skipped: [] });
  });
});
