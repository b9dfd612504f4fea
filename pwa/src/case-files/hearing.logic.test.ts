import { describe, expect, it } from 'vitest';
import { formatShortDate, hearingDateError, nextHearing, todayIso } from './hearing.logic.ts';

const sheet = (id: string, order_sheet_date: string) => ({ id, order_sheet_date });

describe('nextHearing', () => {
  it('is the earliest order sheet dated today or later', () => {
    const sheets = [
      sheet('a', '2026-03-01'),
      sheet('b', '2026-05-20'),
      sheet('c', '2026-04-10'),
      sheet('d', '2026-04-09'),
    ];
    expect(nextHearing(sheets, '2026-04-09')?.id).toBe('d');
    expect(nextHearing(sheets, '2026-04-10')?.id).toBe('c');
  });

  it('is none when every order sheet is in the past (or there are none)', () => {
    expect(nextHearing([sheet('a', '2026-03-01')], '2026-04-01')).toBeNull();
    expect(nextHearing([], '2026-04-01')).toBeNull();
  });

  it('picks the same sheet on every device when two share a day', () => {
    const sheets = [sheet('0193-b', '2026-05-01'), sheet('0193-a', '2026-05-01')];
    expect(nextHearing(sheets, '2026-04-01')?.id).toBe('0193-a');
    expect(nextHearing([...sheets].reverse(), '2026-04-01')?.id).toBe('0193-a');
  });
});

describe('hearing date text', () => {
  it('shows dd/mm/yy', () => {
    expect(formatShortDate('2026-05-07')).toBe('07/05/26');
    expect(formatShortDate(null)).toBe('');
  });

  it('takes today from the Pakistan calendar, the same day the server uses, wherever the device clock is set', () => {
    // 00:30 on 5 January in Pakistan is still 4 January in UTC (and in most of the world).
    expect(todayIso(new Date('2026-01-04T19:30:00Z'))).toBe('2026-01-05');
    expect(todayIso(new Date('2026-01-04T18:59:00Z'))).toBe('2026-01-04');
  });

  it('refuses a missing or past day', () => {
    expect(hearingDateError('', '2026-04-01')).toBe('Choose a hearing date.');
    expect(hearingDateError('0002-04-01', '2026-04-01')).toBe('Choose a hearing date.');
    expect(hearingDateError('2026-03-31', '2026-04-01')).toBe('The hearing date cannot be in the past.');
    expect(hearingDateError('2026-04-01', '2026-04-01')).toBeNull();
  });
});
