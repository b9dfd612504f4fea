import { describe, expect, it } from 'vitest';
import { decideWorkerReminder, hearingsOfDay, workerNote } from './reminderJob.ts';

// The service worker's reminder with the app closed: which hearings it counts and when it shows them.
describe('the closed app’s reminder', () => {
  const day = '2026-11-30';
  const sheets = [
    { petition_id: 'p1', order_sheet_date: day },
    { petition_id: 'p2', order_sheet_date: day },
    { petition_id: 'p3', order_sheet_date: day },
    // Another day, a deleted sheet, a case not on the device, a deleted case: not tomorrow's hearings.
    { petition_id: 'p1', order_sheet_date: '2026-12-01' },
    { petition_id: 'p2', order_sheet_date: day, deleted_at: '2026-11-28T10:00:00Z' },
    { petition_id: 'gone', order_sheet_date: day },
    { petition_id: 'p4', order_sheet_date: day },
  ];
  const petitions = [
    { id: 'p1', court_id: 'lhc' },
    { id: 'p2', court_id: 'lhc' },
    { id: 'p3', court_id: null },
    { id: 'p4', court_id: 'lhc', deleted_at: '2026-11-28T10:00:00Z' },
    undefined,
  ];
  const courts = [{ id: 'lhc', title: 'Lahore High Court, Lahore' }, undefined];

  it('counts the day’s hearings of the cases on the device, with their courts, as the Tomorrow list does', () => {
    const list = hearingsOfDay(day, sheets, petitions, courts);
    expect(list).toEqual([
      { court: 'Lahore High Court, Lahore' },
      { court: 'Lahore High Court, Lahore' },
      { court: null },
    ]);
    expect(workerNote(list)).toEqual({
      title: '3 hearings tomorrow',
      body: 'Lahore High Court, Lahore (2), Court not set',
    });
    expect(workerNote(hearingsOfDay('2026-12-02', sheets, petitions, courts))).toBeNull();
  });

  it('reminds at or after the user’s hour in Pakistan, once a day, never when turned off', () => {
    const at = (hhmm: string) => new Date(`2026-11-29T${hhmm}:00+05:00`);
    // Default hour 20:00; a wake-up at 14:00 waits, one at 22:30 reads tomorrow.
    expect(decideWorkerReminder({}, at('14:00'), null)).toEqual({ kind: 'none', why: 'wait' });
    expect(decideWorkerReminder({}, at('22:30'), null)).toEqual({
      kind: 'read',
      day: '2026-11-29',
      tomorrow: '2026-11-30',
    });
    // Already reminded today (by the open app or an earlier wake-up).
    expect(decideWorkerReminder({}, at('22:30'), '2026-11-29')).toEqual({ kind: 'none', why: 'wait' });
    // Yesterday's reminder does not count for today.
    expect(decideWorkerReminder({}, at('22:30'), '2026-11-28').kind).toBe('read');
    // The user's own hour and their off switch.
    expect(decideWorkerReminder({ reminder_hour: 23 }, at('22:30'), null).kind).toBe('none');
    expect(decideWorkerReminder({ reminder_hour: 7 }, at('07:00'), null).kind).toBe('read');
    expect(decideWorkerReminder({ reminders_enabled: false }, at('22:30'), null)).toEqual({
      kind: 'none',
      why: 'off',
    });
  });
});
