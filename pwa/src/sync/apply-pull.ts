import { Dexie } from 'dexie';
import type { TMutationResult, TPullResponse } from '@lawfirm/shared-types';
import { getMeta, rowKey, setMeta, shadowOf, type LocalDb, type TRow } from './db.ts';
import { keysOf, pendingEntries, rebase, syncTables } from './rebase.ts';

/** The server sends at most this many results per pull (sync-server/src/sync/pull.ts). */
const SERVER_RESULTS_LIMIT = 500;

/** The lowest mutation id whose result the device still needs: what it sends as `pendingFrom`. */
export async function pendingFrom(db: LocalDb): Promise<number> {
  const first = (await pendingEntries(db))[0];
  return first ? first.id : (await getMeta(db, 'lastMutationId', 0)) + 1;
}

/**
 * Settles the queue against the server's word. Only on a page with `more: false`: `lastMutationId` is read
 * before the page, so until the last page the change an acknowledged mutation made may not have arrived yet,
 * and dropping the mutation early would flash the old value on screen.
 */
async function acknowledge(db: LocalDb, page: TPullResponse, touched: Set<string>): Promise<void> {
  const results = new Map<number, TMutationResult>(page.results.map((r) => [r.id, r]));
  const maxResult = Math.max(0, ...page.results.map((r) => r.id));
  const truncated = page.results.length >= SERVER_RESULTS_LIMIT;
  const settled = await db.outbox
    .where('id')
    .belowOrEqual(page.lastMutationId)
    .and((e) => e.status === 'pending')
    .toArray();
  for (const e of settled) {
    const r = results.get(e.id);
    // No result beyond a truncated list: unknown yet, the next pull asks from here.
    if (!r && truncated && e.id > maxResult) continue;
    for (const k of await keysOf(db, [e])) touched.add(k);
    if (!r || r.status === 'applied') {
      // Applied (in this page or, with no result listed, earlier): the pulled rows already hold its effect.
      await db.outbox.delete(e.seq!);
    } else if (r.status === 'rejected') {
      // Kept so the user sees what was not accepted and why; rebase takes its effect off the screen.
      await db.outbox.update(e.seq!, { status: 'rejected', message: r.message ?? 'Not accepted.' });
    } else {
      // The fields that did not conflict are in the pulled row; the rest is in the conflicts table.
      await db.outbox.update(e.seq!, { status: 'conflict', fields: r.fields ?? [] });
    }
  }
}

/**
 * A 'conflict' entry only says "this edit partly lost"; the conflicts table carries the choice. Once no
 * unresolved conflict of its record is left (resolved here or on another device) the entry has nothing more
 * to tell. Checked on the last page only, when the conflict rows its mutation created have arrived.
 */
async function pruneSettledConflicts(db: LocalDb): Promise<void> {
  const settled = await db.outbox.where('status').equals('conflict').toArray();
  if (!settled.length) return;
  const open = new Set(
    (
      await db.shadow
        .where('[entity+id]')
        .between(['conflicts', Dexie.minKey], ['conflicts', Dexie.maxKey])
        .toArray()
    )
      .filter((s) => !s.row.resolved_at)
      .map((s) => rowKey(String(s.row.entity), String(s.row.row_id))),
  );
  await db.outbox.bulkDelete(settled.filter((e) => !open.has(rowKey(e.entity, e.rowId))).map((e) => e.seq!));
}

/**
 * Applies one pull page and its cursor in ONE transaction, so a crash or a closed tab leaves the device either
 * before the page or after it, never with rows from a page whose cursor was not saved (or the reverse).
 * Answers false, applying nothing, when another tab moved the cursor meanwhile (no Web Locks).
 */
export async function applyPullPage(db: LocalDb, page: TPullResponse, sentCursor: string): Promise<boolean> {
  return db.transaction('rw', syncTables(db), async () => {
    if ((await getMeta(db, 'cursor', '')) !== sentCursor) return false;
    const touched = new Set<string>();
    if (page.reset) {
      // The server starts over: every synced row goes, the queue stays and is re-applied on the fresh rows.
      for (const t of syncTables(db)) if (t.name !== 'outbox' && t.name !== 'meta') await t.clear();
      for (const k of await keysOf(db, await pendingEntries(db))) touched.add(k);
    }
    const puts = page.changes.filter((c) => c.row);
    await db.shadow.bulkPut(puts.map((c) => shadowOf(c.entity, c.row as TRow)));
    await db.shadow.bulkDelete(
      page.changes.filter((c) => !c.row).map((c): [string, string] => [c.entity, c.id]),
    );
    for (const c of page.changes) touched.add(rowKey(c.entity, c.id));
    if (!page.more) {
      await acknowledge(db, page, touched);
      await pruneSettledConflicts(db);
    }
    await setMeta(db, 'cursor', page.cursor);
    await setMeta(db, 'lastMutationId', page.lastMutationId);
    await rebase(db, touched);
    return true;
  });
}
