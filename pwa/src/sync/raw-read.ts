import type { TRead } from './read.ts';

const answer = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('The local database could not be read.'));
  });

/**
 * Opens a user's database with plain IndexedDB, as it is (no version, no upgrade), for reads only: a cold
 * start's first query needs no Dexie. A database that does not exist is not made (the opening is refused),
 * and the connection gives way at once to a newer app opening the database to upgrade it.
 */
export async function openRawRead(name: string): Promise<{ read: TRead; close: () => void }> {
  const req = indexedDB.open(name);
  req.onupgradeneeded = () => req.transaction?.abort();
  const db = await answer(req);
  db.onversionchange = () => db.close();
  const read: TRead = (tables, fn) => {
    const tx = db.transaction([...tables], 'readonly');
    return fn({
      get: (table, id) => answer(tx.objectStore(table).get(id)),
      byIndex: (table, index, value) =>
        answer(tx.objectStore(table).index(index).getAll(IDBKeyRange.only(value))),
      keysByIndex: async (table, index, value) =>
        (await answer(tx.objectStore(table).index(index).getAllKeys(IDBKeyRange.only(value)))) as string[],
      count: (table) => answer(tx.objectStore(table).count()),
      pageByIndex: <T>(table: string, index: string, offset: number, limit: number) =>
        new Promise<T[]>((resolve, reject) => {
          const rows: T[] = [];
          let skipped = offset === 0;
          const req = tx.objectStore(table).index(index).openCursor();
          req.onerror = () => reject(req.error ?? new Error('The local database could not be read.'));
          req.onsuccess = () => {
            const cursor = req.result;
            if (!cursor || rows.length >= limit) return resolve(rows);
            if (!skipped) {
              skipped = true;
              cursor.advance(offset);
              return;
            }
            rows.push(cursor.value as T);
            if (rows.length >= limit) resolve(rows);
            else cursor.continue();
          };
        }),
    });
  };
  return { read, close: () => db.close() };
}
