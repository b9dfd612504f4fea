// What the evening reminder remembers outside the user's synced database, read and written by both the page
// (HearingReminders) and the service worker (reminder-sw.ts), which has no localStorage: who is signed in on this
// device with reminders allowed, and the last Pakistan day each user was reminded on. Raw IndexedDB, no Dexie:
// the service worker's script stays small.

const DB_NAME = 'lf-reminders';
const STORE = 'state';

export type TActiveUser = { userId: string };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('The reminders store did not open'));
  });
}

/** Runs `work` in one transaction of the store and closes the database when it is done. */
async function inStore<T>(
  mode: IDBTransactionMode,
  work: (s: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req ? req.result : undefined);
      tx.onerror = () => reject(tx.error ?? new Error('The reminders store failed'));
      tx.onabort = () => reject(tx.error ?? new Error('The reminders store failed'));
    });
  } finally {
    db.close();
  }
}

const firedKey = (userId: string) => `fired:${userId}`;

/** The signed-in user whose reminders the service worker may show with the app closed (null: none). */
export const setActiveUser = (active: TActiveUser | null): Promise<unknown> =>
  inStore('readwrite', (s) => {
    if (active) s.put(active, 'active');
    else s.delete('active');
  });

export const activeUser = async (): Promise<TActiveUser | null> =>
  (await inStore<TActiveUser | undefined>('readonly', (s) => s.get('active'))) ?? null;

/** The last day (YYYY-MM-DD, Pakistan) this user was reminded on, on this device; null if never. */
export const lastReminded = async (userId: string): Promise<string | null> =>
  (await inStore<string | undefined>('readonly', (s) => s.get(firedKey(userId)))) ?? null;

/**
 * Takes `day` for the user's reminder: true once, for whoever asks first (the open page's timer or the service
 * worker woken by periodic sync), false when the day was taken already, so a day is never reminded twice.
 */
export async function claimReminderDay(userId: string, day: string): Promise<boolean> {
  const db = await open();
  try {
    return await new Promise<boolean>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      let claimed = false;
      const get = store.get(firedKey(userId));
      get.onsuccess = () => {
        if (get.result === day) return;
        claimed = true;
        store.put(day, firedKey(userId));
      };
      tx.oncomplete = () => resolve(claimed);
      tx.onerror = () => reject(tx.error ?? new Error('The reminders store failed'));
      tx.onabort = () => reject(tx.error ?? new Error('The reminders store failed'));
    });
  } finally {
    db.close();
  }
}
