import { describe, expect, it } from 'vitest';
import { formatDate, parseDisplayDate, todayInPakistan } from './dates.ts';

describe('todayInPakistan', () => {
  it('is the calendar day in Pakistan (UTC+5), not the UTC day', () => {
    expect(todayInPakistan(new Date('2026-01-01T20:30:00Z'))).toBe('2026-01-02');
    expect(todayInPakistan(new Date('2026-01-01T18:59:59Z'))).toBe('2026-01-01');
    expect(todayInPakistan(new Date('2026-01-01T19:00:00Z'))).toBe('2026-01-02');
  });

  it('crosses months and years on Pakistan midnight', () => {
    expect(todayInPakistan(new Date('2025-12-31T19:00:00Z'))).toBe('2026-01-01');
    expect(todayInPakistan(new Date('2028-02-28T19:30:00Z'))).toBe('2028-02-29');
  });

  it('has no daylight saving: midsummer midnight is 19:00 UTC too', () => {
    expect(todayInPakistan(new Date('2026-07-15T18:59:59Z'))).toBe('2026-07-15');
    expect(todayInPakistan(new Date('2026-07-15T19:00:00Z'))).toBe('2026-07-16');
  });
});

describe('display dates', () => {
  it('shows ISO dates and instants as dd/mm/yyyy and reads them back', () => {
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDate('2026-03-09T10:00:00Z')).toBe('09/03/2026');
    expect(formatDate(null)).toBe('');
    expect(parseDisplayDate('09/03/2026')).toBe('2026-03-09');
    expect(parseDisplayDate('31/02/2026')).toBeNull();
  });
});
