import { rowKey, splitRowKey } from './db-access.ts';
import type { LocalDb, TOutboxEntry, TRow } from './db.ts';
import { effectsOf, type TEffect } from './local-mutators.ts';

/** The tables a sync step or a local action writes together: every entity table, shadow, outbox and meta. */
export function syncTables(db: LocalDb) {
  return db.tables.filter((t) => t.name !== 'blobs' && t.name !== 'files');
}

export async function pendingEntries(db: LocalDb): Promise<TOutboxEntry[]> {
  const rows = await db.outbox.where('status').equals('pending').toArray();
  return rows.sort((a, b) => a.id - b.id);
}

/** The records a set of queued mutations touches. */
export async function keysOf(db: LocalDb, entries: TOutboxEntry[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const e of entries) for (const f of await effectsOf(db, e)) keys.add(rowKey(f.entity, f.id));
  return keys;
}

/**
 * Recomputes the visible copy of each given record: the server's copy (shadow) with every still-pending
 * mutation re-applied in id order. This is the only code that writes visible rows, so a local edit, a pulled
 * page, an acknowledgement and a rejection all agree on what the screen shows. Runs inside the caller's
 * transaction (which must cover syncTables), so the screen never sees a half-applied state.
 */
export async function rebase(db: LocalDb, keys: Set<string>): Promise<void> {
  if (!keys.size) return;
  const effects: TEffect[] = [];
  for (const e of await pendingEntries(db)) effects.push(...(await effectsOf(db, e)));
  const byEntity = new Map<string, string[]>();
  for (const key of keys) {
    const [entity, id] = splitRowKey(key);
    if (!db.hasEntity(entity)) continue; // known to a newer app only: kept in shadow, shown after an update
    byEntity.set(entity, [...(byEntity.get(entity) ?? []), id]);
  }
  for (const [entity, ids] of byEntity) {
    const shadows = await db.shadow.bulkGet(ids.map((id): [string, string] => [entity, id]));
    const put: TRow[] = [];
    const gone: string[] = [];
    ids.forEach((id, i) => {
      let row: TRow | null = shadows[i]?.row ?? null;
      for (const f of effects) if (f.entity === entity && f.id === id) row = f.apply(row);
      if (row) put.push(row);
      else gone.push(id);
    });
    await db.rows(entity).bulkPut(put);
    await db.rows(entity).bulkDelete(gone);
  }
}
