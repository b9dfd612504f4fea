import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { tomorrowInPakistan, tomorrowReminder } from '@lawfirm/shared-types/court-day/reminders.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useEntityRow, useSync } from '../sync/hooks.ts';
import type { TRow } from '../sync/db.ts';
import { useCan } from '../case-files/useCaseFiles.ts';
import { useHearingsBetween } from '../calendar/useHearings.ts';
import { firedKey, MAX_WAIT_MS, planReminder, type TUserPrefs } from './reminders.logic.ts';
import { notificationsAllowed, registerPeriodicReminder, showReminder } from './notify.ts';
import { claimReminderDay, setActiveUser } from './reminderStore.ts';
import { ReminderPrompt } from './ReminderPrompt.tsx';

const lastFired = (userId: string): string | null => {
  try {
    return localStorage.getItem(firedKey(userId));
  } catch {
    return null;
  }
};

/**
 * The evening reminder of tomorrow's hearings (issue 34 item 4), while the app is open or in a background tab:
 * one timer to the user's hour (Pakistan time), re-armed when their settings change, the tab comes back, or it
 * fired; the text comes from the device's database, so it works offline. Once a day per user.
 */
export function HearingReminders() {
  const { user } = useAuth();
  const ctx = useSync();
  const me = useEntityRow<TRow & TUserPrefs>('users', user?.id);
  const allowed = useCan('hearingDate.edit');
  // Re-rendered by the timer, so "tomorrow" moves on at midnight.
  const [tick, setTick] = useState(0);
  const tomorrow = tomorrowInPakistan(new Date());
  const days = useHearingsBetween(tomorrow, tomorrow, allowed && !!ctx);
  // Undefined only while loading: a day with no hearing is an empty list (nothing to remind of).
  const hearings = days && (days.get(tomorrow) ?? []).filter((h) => h.kind === 'hearing');
  const latest = useRef({ tomorrow, hearings });
  latest.current = { tomorrow, hearings };
  const { pathname } = useLocation();

  const userId = user?.id;
  useEffect(() => {
    if (allowed && ctx && userId) void registerPeriodicReminder(userId);
    // Signed out (or no longer one who attends hearings): the closed app reminds nobody on this device.
    else if (!userId || (ctx && !allowed)) void setActiveUser(null).catch(() => undefined);
  }, [allowed, ctx, userId]);
  // Mounted only while someone is signed in (App.tsx): unmounted, they signed out, and the closed app must not
  // remind of their hearings on this device any more.
  useEffect(() => () => void setActiveUser(null).catch(() => undefined), []);

  useEffect(() => {
    if (!user || !me || !allowed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(run, ms);
    };
    function run() {
      const now = new Date();
      const plan = planReminder(me!, now, lastFired(user!.id));
      if (plan.kind === 'off') return;
      if (plan.kind === 'wait') return arm(plan.waitMs);
      // Asked later (the prompt) or the tab comes back: look again within the hour.
      if (!notificationsAllowed()) return arm(MAX_WAIT_MS);
      const { tomorrow: day, hearings: list } = latest.current;
      // The day's hearings not read yet (just past midnight, or still loading): render, then look again.
      if (day !== plan.tomorrow) {
        setTick((t) => t + 1);
        return arm(1000);
      }
      if (!list) return arm(1000);
      try {
        localStorage.setItem(firedKey(user!.id), plan.day);
      } catch {
        // Private mode without storage: the tag still keeps it to one notification on screen.
      }
      const note = tomorrowReminder(list);
      // The service worker may have reminded with the app closed: whoever claims the day first shows it. No
      // IndexedDB (a private window): localStorage above still keeps this tab to once a day.
      const show = () => (note ? showReminder(note) : undefined);
      void claimReminderDay(user!.id, plan.day)
        .then((mine) => (mine ? show() : undefined), show)
        .catch(() => undefined);
      arm(MAX_WAIT_MS);
    }
    run();
    const onVisible = () => document.visibilityState === 'visible' && run();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
    // `tick` re-reads tomorrow's list after midnight; the list itself is read through `latest`.
  }, [user, me, allowed, tick]);

  if (pathname !== '/dashboard' || !allowed || !hearings?.length || me?.reminders_enabled === false)
    return null;
  return <ReminderPrompt hour={me?.reminder_hour ?? 20} />;
}
