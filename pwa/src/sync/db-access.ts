import type { LocalDb, TMetaKey, TMetaValues } from './db.ts';
import type { TRead } from './read.ts';

// Reads and writes of an open local database that need none of Dexie's code: the screens' chunks import these
// (and db.ts's types), so a screen shows before Dexie has loaded; only db.ts and the sync engine load Dexie.

export async function getMeta<K extends TMetaKey>(
  db: LocalDb,
  key: K,
  fallback: TMetaValues[K],
): Promise<TMetaValues[K]> {
  const r = await db.meta.get(key);
  return r === undefined ? fallback : (r.value as TMetaValues[K]);
}

export async function setMeta<K extends TMetaKey>(db: LocalDb, key: K, value: TMetaValues[K]): Promise<void> {
  await db.meta.put({ key, value });
}

/** Stable string key of one record, for sets and maps. */
export const rowKey = (entity: string, id: string): string => `${entity}\u0000${id}`;
export const splitRowKey = (key: string): [string, string] => {
  const i = key.indexOf('\u0000');
  return [key.slice(0, i), key.slice(i + 1)];
};

/** A screen's one query through Dexie: its reads are observed by liveQuery like any other. */
export function readDexie(db: LocalDb): TRead {
  return (tables, fn) =>
    db.transaction('r', [...tables], () =>
      fn({
        get: (table, id) => db.table(table).get(id),
        byIndex: (table, index, value) => db.table(table).where(index).equals(value).toArray(),
        keysByIndex: (table, index, value) =>
          db.table(table).where(index).equals(value).primaryKeys() as Promise<string[]>,
        count: (table) => db.table(table).count(),
        pageByIndex: (table, index, offset, limit) =>
          db.table(table).orderBy(index).offset(offset).limit(limit).toArray(),
      }),
    );
}
