import type { TActor, TMutation, TMutationResult, TPushResponse } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import { HttpError } from '../http/errors.ts';
import { mutatorFor } from './mutators.ts';
import type { SyncRegistry, WriteEffects } from './entities.ts';
import { MutationRejected } from './store.ts';

/** The client row, created on first contact. A client id belongs to one user forever. */
export async function clientRow(db: Db, clientId: string, actor: TActor) {
  const c = await db
    .selectFrom('sync_clients')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (c) {
    // Never apply one user's queued changes under another account (shared computers).
    if (c.user_id !== actor.id) throw new HttpError(409, 'This device queue belongs to another account.');
    return c;
  }
  const now = nowIso();
  await db
    .insertInto('sync_clients')
    .values({
      client_id: clientId,
      user_id: actor.id,
      company_id: actor.company_id,
      last_mutation_id: 0,
      scope: '',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  return clientRow(db, clientId, actor);
}

async function recordResult(trx: Db, clientId: string, r: TMutationResult): Promise<void> {
  await trx
    .insertInto('sync_results')
    .values({
      client_id: clientId,
      mutation_id: r.id,
      status: r.status,
      message: r.message ?? null,
      fields: r.fields ? JSON.stringify(r.fields) : null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['client_id', 'mutation_id']).doNothing())
    .execute();
}

/** Advances the client's last id if (and only if) this mutation is the next unseen one; false = already seen. */
async function claim(trx: Db, clientId: string, id: number): Promise<boolean> {
  const r = await trx
    .updateTable('sync_clients')
    .set({ last_mutation_id: id, updated_at: nowIso() })
    .where('client_id', '=', clientId)
    .where('last_mutation_id', '<', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A group commit holds the firm's write lock; bound it so other devices of the firm are not kept waiting. */
const GROUP_MAX_MUTATIONS = 50;
const GROUP_MAX_MS = 25;

/**
 * Applies a device's mutations in id order. Each mutation runs atomically with the bump of the client's last
 * id (a savepoint inside a group transaction), so a retried or duplicated push is harmless: ids already seen
 * are skipped. Several mutations share one commit (group commit: one fsync instead of one per mutation), and
 * nothing is acknowledged before its commit, so an answer the device receives is always durable. A mutation
 * that can never succeed is rolled back to its savepoint, recorded as rejected and still advances the id; a
 * transient failure commits what came before it, stops, and the device retries the rest later.
 */
export async function push(
  db: Db,
  registry: SyncRegistry,
  actor: TActor,
  clientId: string,
  mutations: TMutation[],
  onChange: () => void,
  effects?: WriteEffects,
): Promise<TPushResponse> {
  const client = await clientRow(db, clientId, actor);
  let last = Number(client.last_mutation_id);
  const results: TMutationResult[] = [];
  const pending = [...mutations].sort((a, b) => a.id - b.id).filter((m) => m.id > last);
  let stopped = false;
  while (pending.length && !stopped) {
    const trx = await db.startTransaction().execute();
    const group: TMutationResult[] = [];
    let groupLast = last;
    const started = Date.now();
    try {
      while (pending.length && group.length < GROUP_MAX_MUTATIONS && Date.now() - started < GROUP_MAX_MS) {
        const m = pending.shift()!;
        if (m.id <= groupLast) continue;
        const sp = await trx.savepoint('mutation').execute();
        try {
          if (!(await claim(sp, clientId, m.id))) {
            await sp.releaseSavepoint('mutation').execute();
            continue;
          }
          const r = await mutatorFor(m.name)(sp, actor, m.args, {
            ...m,
            clientId,
            registry,
            ...(effects ? { effects } : {}),
          });
          const res: TMutationResult = {
            id: m.id,
            status: r.status,
            ...(r.fields?.length ? { fields: r.fields } : {}),
          };
          await recordResult(sp, clientId, res);
          await sp.releaseSavepoint('mutation').execute();
          group.push(res);
        } catch (e) {
          await sp.rollbackToSavepoint('mutation').execute();
          if (!(e instanceof MutationRejected)) {
            // Transient (connection lost, database busy) or a refusal of the whole push: keep what is done.
            stopped = true;
            if (e instanceof HttpError) throw e;
            break;
          }
          const rejected: TMutationResult = { id: m.id, status: 'rejected', message: e.message };
          if (await claim(trx, clientId, m.id)) {
            await recordResult(trx, clientId, rejected);
            group.push(rejected);
          }
        }
        groupLast = Math.max(groupLast, m.id);
      }
      await trx.commit().execute();
    } catch (e) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      if (results.some((r) => r.status !== 'rejected')) onChange();
      if (e instanceof HttpError) throw e;
      // The group did not commit: nothing of it is acknowledged; the device sends it again.
      return { lastMutationId: last, results };
    }
    results.push(...group);
    last = groupLast;
  }
  if (results.some((r) => r.status !== 'rejected')) onChange();
  return { lastMutationId: last, results };
}
