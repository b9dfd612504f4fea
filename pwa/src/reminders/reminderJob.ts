import { tomorrowReminder } from '@lawfirm/shared-types/court-day/reminders.ts';
import { planReminder, type TUserPrefs } from './reminders.logic.ts';

// The service worker's evening reminder with the app closed (periodic background sync), as pure functions over
// the rows it read from the user's database: tested alone (reminderJob.test.ts), run by reminder-sw.ts.

export type TSheetRow = { petition_id?: unknown; order_sheet_date?: unknown; deleted_at?: unknown };
export type TPetitionRow = { id: string; court_id?: unknown; deleted_at?: unknown };
export type TCourtRow = { id: string; title?: unknown };

/**
 * The hearings of `day` as the app's Tomorrow list counts them: the day's order sheets of case files on the
 * device (a sheet of a case not there, or deleted, is not listed), each with its case's court.
 */
export function hearingsOfDay(
  day: string,
  sheets: readonly TSheetRow[],
  petitions: readonly (TPetitionRow | undefined)[],
  courts: readonly (TCourtRow | undefined)[],
): { court: string | null }[] {
  const cases = new Map(petitions.filter((p) => p && !p.deleted_at).map((p) => [p!.id, p!]));
  const titles = new Map(
    courts.filter((c) => !!c).map((c) => [c.id, typeof c.title === 'string' ? c.title : '']),
  );
  const out: { court: string | null }[] = [];
  for (const s of sheets) {
    if (s.deleted_at || s.order_sheet_date !== day || typeof s.petition_id !== 'string') continue;
    const p = cases.get(s.petition_id);
    if (!p) continue;
    out.push({ court: typeof p.court_id === 'string' ? (titles.get(p.court_id) ?? null) : null });
  }
  return out;
}

export type TWorkerDecision =
  /** Nothing to do now: reminders off ('off'), or the hour not come yet or today's already shown ('wait'). */
  | { kind: 'none'; why: 'off' | 'wait' }
  /** Read `tomorrow`'s hearings and show them (when there are any), claiming `day`. */
  | { kind: 'read'; day: string; tomorrow: string };

/** Whether the worker, woken at `now`, reminds this user: the same rule as the open app's timer. */
export function decideWorkerReminder(
  prefs: TUserPrefs,
  now: Date,
  lastFired: string | null,
): TWorkerDecision {
  const plan = planReminder(prefs, now, lastFired);
  if (plan.kind === 'off') return { kind: 'none', why: 'off' };
  if (plan.kind === 'wait') return { kind: 'none', why: 'wait' };
  return { kind: 'read', day: plan.day, tomorrow: plan.tomorrow };
}

/** The notification for tomorrow's hearings (null when there is none: no "0 hearings" at night). */
export const workerNote = tomorrowReminder;
