import { describe, expect, it } from 'vitest';
import { formatDate, instantToPakistanDate, parseDisplayDate, todayInPakistan } from './dates.ts';

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

describe('instantToPakistanDate', () => {
  it('is the day in Pakistan of a JavaScript Date sent as JSON', () => {
    // 20 Dec picked in the original client's calendar, at midnight in Pakistan.
    expect(instantToPakistanDate('2026-12-19T19:00:00.000Z')).toBe('2026-12-20');
    expect(instantToPakistanDate('2026-12-19T18:59:59.999Z')).toBe('2026-12-19');
    expect(instantToPakistanDate('2026-12-31T19:00:00Z')).toBe('2027-01-01');
    expect(instantToPakistanDate('2026-12-20T00:00:00+05:00')).toBe('2026-12-20');
    expect(instantToPakistanDate('2026-12-19T10:00-09:00')).toBe('2026-12-20');
  });

  it('refuses what is no real instant', () => {
    for (const bad of [
      '2026-02-30T10:00:00Z',
      '2026-12-19T24:00:00Z',
      '2026-12-19T19:00:00',
      '2026-12-19 19:00:00Z',
      '19/12/2026',
      'tomorrow',
    ])
      expect(instantToPakistanDate(bad), bad).toBeNull();
  });
});
