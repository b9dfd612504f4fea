import { REMINDER_TAG } from './reminders.logic.ts';
import { setActiveUser } from './reminderStore.ts';

/** Notifications can be shown: the API exists and the user allowed it. */
export const notificationsAllowed = (): boolean =>
  typeof Notification !== 'undefined' && Notification.permission === 'granted';

/**
 * Shows the notification through the service worker (the only way on Android, and it survives the tab), or
 * the page's own Notification where there is no service worker (a development build).
 */
export async function showReminder(note: { title: string; body: string }): Promise<void> {
  const options = { body: note.body, tag: REMINDER_TAG, icon: '/icons/icon-192.png' };
  const sw = navigator.serviceWorker;
  if (sw?.controller) {
    const registration = await sw.ready;
    await registration.showNotification(note.title, options);
    return;
  }
  new Notification(note.title, options);
}

/**
 * Installed Chromium may wake the service worker about once a day (periodic background sync) even with the app
 * closed; its reminder script (reminder-sw.ts) then reminds the user recorded here from their database on the
 * device. Any failure (not installed, no permission, no API) leaves the open-tab timer to do the work.
 */
export async function registerPeriodicReminder(userId: string): Promise<void> {
  try {
    const sw = navigator.serviceWorker;
    if (!sw?.controller || !notificationsAllowed()) return;
    const registration = await sw.ready;
    if (!('periodicSync' in registration)) return;
    await setActiveUser({ userId });
    const periodic = (
      registration as unknown as { periodicSync: { register(tag: string, o: object): Promise<void> } }
    ).periodicSync;
    // The browser decides how often (about daily for an installed app it sees used); asking hourly lets it wake
    // the worker in the evening as often as it allows.
    await periodic.register(REMINDER_TAG, { minInterval: 60 * 60_000 });
  } catch {
    // Periodic sync is optional: the timer in the open app still reminds.
  }
}
