import { describe, expect, it } from 'vitest';
import {
  nextReminderAt,
  tomorrowInPakistan,
  tomorrowReminder,
  unrecordedToday,
  unrecordedWarning,
} from './reminders.ts';

describe('evening reminders', () => {
  it('fires at the hour in Pakistan time, today when still ahead, else tomorrow', () => {
    // 10:00 in Lahore (05:00 UTC): today at 20:00 PKT = 15:00 UTC.
    expect(nextReminderAt(new Date('2026-11-28T05:00:00Z'), 20).toISOString()).toBe(
      '2026-11-28T15:00:00.000Z',
    );
    // 20:30 in Lahore: tomorrow's.
    expect(nextReminderAt(new Date('2026-11-28T15:30:00Z'), 20).toISOString()).toBe(
      '2026-11-29T15:00:00.000Z',
    );
    // 01:00 in Lahore on the 29th is still 28th in UTC: the reminder is the 29th's at 07:00 PKT.
    expect(nextReminderAt(new Date('2026-11-28T20:00:00Z'), 7).toISOString()).toBe(
      '2026-11-29T02:00:00.000Z',
    );
    expect(tomorrowInPakistan(new Date('2026-11-28T20:00:00Z'))).toBe('2026-11-30');
  });

  it("tells tomorrow's count and courts, busiest first", () => {
    expect(tomorrowReminder([])).toBeNull();
    expect(tomorrowReminder([{ court: 'Lahore High Court' }])).toEqual({
      title: '1 hearing tomorrow',
      body: 'Lahore High Court',
    });
    const many = ['B Court', 'Lahore High Court', 'Lahore High Court', 'A Court', 'C Court', null].map(
      (court) => ({
        court,
      }),
    );
    expect(tomorrowReminder(many)).toEqual({
      title: '6 hearings tomorrow',
      body: 'Lahore High Court (2), A Court, B Court and 2 more courts',
    });
  });

  it("warns of today's hearings with no outcome and no next date", () => {
    const today = '2026-11-28';
    const sheets = [
      { petition_id: 'a', date: today, outcome: null },
      { petition_id: 'b', date: today, outcome: 'Adjourned' },
      { petition_id: 'c', date: today, outcome: null },
      { petition_id: 'c', date: '2026-12-12', outcome: null },
      { petition_id: 'd', date: today },
      { petition_id: 'e', date: '2026-11-27' },
    ];
    expect(unrecordedToday(sheets, today).map((s) => s.petition_id)).toEqual(['a', 'd']);
    expect(unrecordedWarning(2)).toBe('2 hearings today not recorded');
    expect(unrecordedWarning(1)).toBe('1 hearing today not recorded');
    expect(unrecordedWarning(0)).toBeNull();
  });
});
