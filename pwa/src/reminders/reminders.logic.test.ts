import { describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, planReminder } from './reminders.logic.ts';

// 2026-03-10 19:59 in Pakistan (UTC+5) is 14:59 UTC.
const at = (pkt: string) => new Date(`${pkt}+05:00`);

describe('planReminder', () => {
  it('waits until the default hour, 20:00 Pakistan time', () => {
    expect(planReminder({}, at('2026-03-10T19:59:00'), null)).toEqual({ kind: 'wait', waitMs: 60_000 });
  });

  it('fires once the hour has come, about the next day', () => {
    expect(planReminder({}, at('2026-03-10T20:00:00'), null)).toEqual({
      kind: 'fire',
      day: '2026-03-10',
      tomorrow: '2026-03-11',
    });
    expect(planReminder({ reminder_hour: 20 }, at('2026-03-10T23:30:00'), '2026-03-09')).toMatchObject({
      kind: 'fire',
    });
  });

  it('does not fire twice on one day, and waits at most an hour before looking again', () => {
    expect(planReminder({}, at('2026-03-10T21:00:00'), '2026-03-10')).toEqual({
      kind: 'wait',
      waitMs: MAX_WAIT_MS,
    });
  });

  it("keeps the user's own hour and says nothing when reminders are off", () => {
    expect(planReminder({ reminder_hour: 7 }, at('2026-03-10T06:30:00'), null)).toEqual({
      kind: 'wait',
      waitMs: 30 * 60_000,
    });
    expect(planReminder({ reminders_enabled: false }, at('2026-03-10T21:00:00'), null)).toEqual({
      kind: 'off',
    });
  });

  it('before the hour, does not fire for a day that has not reached it', () => {
    expect(planReminder({ reminder_hour: 20 }, at('2026-03-11T00:10:00'), '2026-03-10').kind).toBe('wait');
  });
});
