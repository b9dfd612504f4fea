// The evening reminder with the app closed (issue 34 item 4): installed Chromium wakes the service worker about
// once a day for periodic background sync; this script, imported into the generated worker (vite.config.ts,
// built by scripts/build/reminder-sw.ts), reads tomorrow's hearings from the signed-in user's database on the
// device (offline) and shows the same notification the open app shows, at or after the user's hour, once a day.
import { REMINDER_TAG } from './reminders.logic.ts';
import { activeUser, claimReminderDay, lastReminded } from './reminderStore.ts';
import {
  decideWorkerReminder,
  hearingsOfDay,
  workerNote,
  type TCourtRow,
  type TPetitionRow,
  type TSheetRow,
} from './reminderJob.ts';
import type { TUserPrefs } from './reminders.logic.ts';

// The few service worker types used here, declared rather than loading the WebWorker lib beside the DOM one.
type TExtendableEvent = Event & { waitUntil(p: Promise<unknown>): void };
type TPeriodicSyncEvent = TExtendableEvent & { tag: string };
type TNotificationEvent = TExtendableEvent & { notification: Notification };
type TWindowClient = { navigate(url: string): Promise<unknown>; focus(): Promise<unknown> };
declare const self: {
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<TWindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'periodicsync' | 'notificationclick', listener: (e: Event) => void): void;
  lfRemindTomorrow?: (nowIso?: string) => Promise<string>;
};

/** Opens the user's database as the app left it, never creating one (an upgrade request is refused). */
function openUserDb(userId: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const req = indexedDB.open(`lf-${userId}`);
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
  });
}

const done = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('A read failed'));
  });

/** The user's reminder choice and the day's hearings with their courts, read in one transaction. */
async function readDay(db: IDBDatabase, userId: string, day: string) {
  const tx = db.transaction(['users', 'order_sheets', 'petitions', 'courts'], 'readonly');
  const me = (await done(tx.objectStore('users').get(userId))) as TUserPrefs | undefined;
  const sheets = (await done(
    tx.objectStore('order_sheets').index('order_sheet_date').getAll(IDBKeyRange.only(day)),
  )) as TSheetRow[];
  const ids = [
    ...new Set(sheets.map((s) => s.petition_id).filter((id): id is string => typeof id === 'string')),
  ];
  const petitions = (await Promise.all(ids.map((id) => done(tx.objectStore('petitions').get(id))))) as (
    TPetitionRow | undefined
  )[];
  const courtIds = [
    ...new Set(petitions.map((p) => p?.court_id).filter((id): id is string => typeof id === 'string')),
  ];
  const courts = (await Promise.all(courtIds.map((id) => done(tx.objectStore('courts').get(id))))) as (
    TCourtRow | undefined
  )[];
  return { me, hearings: hearingsOfDay(day, sheets, petitions, courts) };
}

/**
 * One look at `now`: says what it did ('shown', or why not), so a test driving the real worker can tell.
 * Reads the preferences before deciding the day, and claims the day only when it shows (or finds nothing).
 */
async function remindTomorrow(now: Date): Promise<string> {
  if (Notification.permission !== 'granted') return 'no-permission';
  const active = await activeUser();
  if (!active) return 'signed-out';
  const db = await openUserDb(active.userId);
  if (!db) return 'no-data';
  try {
    const prefsOnly = await readDay(db, active.userId, '0000-00-00');
    if (!prefsOnly.me) return 'no-data';
    const decision = decideWorkerReminder(prefsOnly.me, now, await lastReminded(active.userId));
    if (decision.kind === 'none') return decision.why;
    const { hearings } = await readDay(db, active.userId, decision.tomorrow);
    const note = workerNote(hearings);
    // The open app's timer may have shown it a moment ago: whoever claims the day first shows it.
    if (!(await claimReminderDay(active.userId, decision.day))) return 'wait';
    if (!note) return 'none-tomorrow';
    await self.registration.showNotification(note.title, {
      body: note.body,
      tag: REMINDER_TAG,
      icon: '/icons/icon-192.png',
      data: { url: '/cause-list' },
    });
    return 'shown';
  } finally {
    db.close();
  }
}

self.addEventListener('periodicsync', (event) => {
  const e = event as TPeriodicSyncEvent;
  if (e.tag === REMINDER_TAG) e.waitUntil(remindTomorrow(new Date()).catch(() => 'failed'));
});

// Tapping the reminder opens tomorrow's cause list, in an open window of the app when there is one.
self.addEventListener('notificationclick', (e) => {
  const event = e as TNotificationEvent;
  if (event.notification.tag !== REMINDER_TAG) return;
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/cause-list';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (list) => {
      const open = list[0];
      if (open) {
        await open.navigate(url).catch(() => null);
        await open.focus();
      } else await self.clients.openWindow(url);
    }),
  );
});

// The same look on demand, at a given time: what the browser's periodic sync runs, callable by a test driving
// the real worker (a synthetic periodicsync event cannot waitUntil). It shows only what the timer would.
self.lfRemindTomorrow = (nowIso?: string) => remindTomorrow(nowIso ? new Date(nowIso) : new Date());
