import { describe, expect, it } from 'vitest';
import { dayName, GRID_LABELS, monthName } from './calendarLabels.ts';

// Made without Intl (calendarLabels.ts); they must read as the en-GB formats they replace.
const intl = (options: Intl.DateTimeFormatOptions, d: Date) =>
  new Intl.DateTimeFormat('en-GB', options).format(d);
const dates = [new Date(2026, 0, 1), new Date(2026, 1, 28), new Date(2026, 10, 27), new Date(2027, 11, 31)];

describe('calendar labels', () => {
  it("react-calendar's grid labels read as its en-GB Intl formats", () => {
    for (const d of dates) {
      expect(GRID_LABELS.formatDay('en-GB', d)).toBe(intl({ day: 'numeric' }, d));
      expect(GRID_LABELS.formatLongDate('en-GB', d)).toBe(
        intl({ day: 'numeric', month: 'long', year: 'numeric' }, d),
      );
      expect(GRID_LABELS.formatMonth('en-GB', d)).toBe(intl({ month: 'long' }, d));
      expect(GRID_LABELS.formatMonthYear('en-GB', d)).toBe(intl({ month: 'long', year: 'numeric' }, d));
      expect(GRID_LABELS.formatShortWeekday('en-GB', d)).toBe(intl({ weekday: 'short' }, d));
      expect(GRID_LABELS.formatWeekday('en-GB', d)).toBe(intl({ weekday: 'long' }, d));
      expect(GRID_LABELS.formatYear('en-GB', d)).toBe(intl({ year: 'numeric' }, d));
    }
  });

  it('names the day and the month of an ISO date', () => {
    expect(dayName('2026-11-27')).toBe('Friday');
    expect(monthName('2026-11-27')).toBe('November 2026');
    expect(monthName('2027-01-03')).toBe('January 2027');
  });
});
