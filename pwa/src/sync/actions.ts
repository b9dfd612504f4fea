import { getMeta, setMeta } from './db-access.ts';
import type { LocalDb, TOutboxEntry } from './db.ts';
import { notifyLocalWrite } from './local-writes.ts';
import { keysOf, rebase, syncTables } from './rebase.ts';

type TQueued = Pick<TOutboxEntry, 'name' | 'args' | 'base' | 'entity' | 'rowId'>;

/**
 * Queues one mutation and shows its effect, in ONE transaction: the mutation id is taken from meta, the
 * outbox entry written and the visible row recomputed together, so a crash can never leave an edit on
 * screen that is not queued (or queued twice), and two tabs can never take the same id. Ids are allocated
 * in commit order, so a reader of the outbox always sees a gap-free prefix of them.
 */
export async function enqueue(db: LocalDb, m: TQueued): Promise<number> {
  const id = await db.transaction('rw', syncTables(db), async () => {
    const next = await getMeta(db, 'nextMutationId', 1);
    await setMeta(db, 'nextMutationId', next + 1);
    const entry: TOutboxEntry = { ...m, id: next, createdAt: new Date().toISOString(), status: 'pending' };
    await db.outbox.add(entry);
    await rebase(db, await keysOf(db, [entry]));
    return next;
  });
  notifyLocalWrite(db);
  return id;
}

export type TPutOptions = {
  /**
   * The field versions the user saw when the form opened (the row's `field_versions` then). Without it the
   * current server copy is used: a change pulled while the form was open would then be overwritten silently.
   */
  seen?: Record<string, number>;
};

/** Creates or edits a record (only the given fields). Screens validate `values` with the shared schema first. */
export async function putLocal(
  db: LocalDb,
  entity: string,
  id: string,
  values: Record<string, unknown>,
  opts: TPutOptions = {},
): Promise<number> {
  // Read outside the queueing transaction on purpose: a pull in between can only make this base older, which
  // at worst shows a conflict; it can never hide one.
  const shadow = await db.shadow.get([entity, id]);
  const versions = (shadow?.row.field_versions ?? {}) as Record<string, number>;
  const base = Object.fromEntries(Object.keys(values).map((f) => [f, opts.seen?.[f] ?? versions[f] ?? 0]));
  return enqueue(db, { name: 'put', args: { entity, id, values }, base, entity, rowId: id });
}

export async function deleteLocal(db: LocalDb, entity: string, id: string): Promise<number> {
  return enqueue(db, { name: 'delete', args: { entity, id }, entity, rowId: id });
}

/** Keeps one value of a conflict: 'client' is the value of the device that lost, 'server' the kept one. */
export async function resolveConflictLocal(
  db: LocalDb,
  conflictId: string,
  keep: 'server' | 'client',
): Promise<number> {
  return enqueue(db, {
    name: 'conflicts.resolve',
    args: { id: conflictId, keep },
    entity: 'conflicts',
    rowId: conflictId,
  });
}

/** Forgets a change the server refused (the user has read why); the record already shows the server's value. */
export async function discardRejected(db: LocalDb, mutationId: number): Promise<void> {
  await db.outbox
    .where('id')
    .equals(mutationId)
    .and((e) => e.status === 'rejected')
    .delete();
}
