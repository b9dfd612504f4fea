import { z } from 'zod';
import { optionalBool } from '../common/wire.ts';
import { CLIENT_LANGUAGES } from './tell-client.ts';

// A user's court-day choices (issue 34), on their user record: the language messages to them are written in
// (a client's "Language"), and the evening reminder of tomorrow's hearings. Each user sets their own (My
// Profile); an admin sets anyone's (a client's language on the client's record).

export const DEFAULT_REMINDER_HOUR = 20;
export const MSG_LANGUAGE_INVALID = 'Language must be English (en) or Urdu (ur).';
export const MSG_REMINDER_HOUR_INVALID = 'Reminder hour must be a whole hour from 0 to 23.';
export const MSG_REMINDERS_INVALID = 'Reminders must be on or off.';

export const USER_PREFERENCE_FIELDS = ['language', 'reminders_enabled', 'reminder_hour'] as const;
export const USER_PREFERENCE_COLUMNS = {
  language: 'text',
  reminders_enabled: 'bool',
  reminder_hour: 'int',
} as const;

export const USER_PREFERENCE_SHAPE = {
  language: z.enum(CLIENT_LANGUAGES, { error: MSG_LANGUAGE_INVALID }).nullish(),
  reminders_enabled: z.boolean({ error: MSG_REMINDERS_INVALID }).nullish(),
  reminder_hour: z
    .number({ error: MSG_REMINDER_HOUR_INVALID })
    .int({ error: MSG_REMINDER_HOUR_INVALID })
    .min(0, { error: MSG_REMINDER_HOUR_INVALID })
    .max(23, { error: MSG_REMINDER_HOUR_INVALID })
    .nullish(),
};

/** An empty form field ("" from a select or a number input) is no value: null, the default. */
const emptyIsNull = (v: unknown) => (v === '' ? null : v);

/**
 * The three as the user form posts them (POST /api/users): a checkbox's "on"/1, an hour as text. Left out,
 * an update keeps what the user had (undefined); sent empty, the default (null).
 */
export const USER_PREFERENCE_INPUT = {
  language: z.preprocess(emptyIsNull, USER_PREFERENCE_SHAPE.language),
  // A checkbox: ticked (true, 1, "on") or not.
  reminders_enabled: optionalBool,
  reminder_hour: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : emptyIsNull(v)),
    USER_PREFERENCE_SHAPE.reminder_hour,
  ),
};

/** The reminder a user gets: on unless they turned it off, at their hour or 20:00 (Pakistan time). */
export const reminderOf = (u: { reminders_enabled?: boolean | null; reminder_hour?: number | null }) => ({
  on: u.reminders_enabled !== false,
  hour: u.reminder_hour ?? DEFAULT_REMINDER_HOUR,
});
