import { todayInPakistan } from '@lawfirm/shared-types';
import { nextReminderAt, tomorrowInPakistan } from '@lawfirm/shared-types/court-day/reminders.ts';

/** The tag of the evening notification: a second one for the same evening replaces the first. */
export const REMINDER_TAG = 'hearings-tomorrow';
/** localStorage key of the last Pakistan day a user's reminder fired on (once a day, across tabs and reloads). */
export const firedKey = (userId: string): string => `reminders.fired.${userId}`;
/** A timer is re-armed at least this often: a sleeping laptop's timers drift, and the hour may have passed. */
export const MAX_WAIT_MS = 60 * 60_000;

/** As DEFAULT_REMINDER_HOUR in preferences.ts. */
const DEFAULT_HOUR = 20;

export type TUserPrefs = { reminders_enabled?: boolean | null; reminder_hour?: number | null };

export type TReminderPlan =
  | { kind: 'off' }
  /** Fire now: the hour has come today and today's reminder has not fired. */
  | { kind: 'fire'; day: string; tomorrow: string }
  /** Check again after `waitMs` (the next hour, or a re-check within MAX_WAIT_MS). */
  | { kind: 'wait'; waitMs: number };

/**
 * What the scheduler does at `now` for a user: nothing when reminders are off; fire when today's hour (Pakistan
 * time) has passed and today's reminder has not fired yet (a tab opened at 21:00 still reminds); else wait.
 */
export function planReminder(user: TUserPrefs, now: Date, lastFired: string | null): TReminderPlan {
  // reminderOf (preferences.ts) says the same, but that file loads zod, which the shell's chunk must not.
  if (user.reminders_enabled === false) return { kind: 'off' };
  const hour = user.reminder_hour ?? DEFAULT_HOUR;
  const today = todayInPakistan(now);
  const next = nextReminderAt(now, hour);
  // The next instant is tomorrow's: today's hour has come (or is now).
  const hourPassedToday = todayInPakistan(next) !== today;
  if (hourPassedToday && lastFired !== today)
    return { kind: 'fire', day: today, tomorrow: tomorrowInPakistan(now) };
  return { kind: 'wait', waitMs: Math.max(1000, Math.min(MAX_WAIT_MS, next.getTime() - now.getTime())) };
}
