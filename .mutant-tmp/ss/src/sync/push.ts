import type { TActor, TMutation, TMutationResult, TPushResponse } from '@lawfirm/shared-types';
import { MSG } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import { HttpError } from '../http/errors.ts';
import { mutatorFor } from './mutators.ts';
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

/**
 * Applies a device's mutations in id order. Each runs in its own transaction together with the bump of the
 * client's last id, so a retried or duplicated push is harmless: ids already seen are skipped. A mutation
 * that can never succeed is recorded as rejected and still advances the id; a transient failure stops the
 * batch and advances nothing, and the device retries later.
 */
export async function push(
  db: Db,
  actor: TActor,
  clientId: string,
  mutations: TMutation[],
  onChange: () => void,
): Promise<TPushResponse> {
  const client = await clientRow(db, clientId, actor);
  let last = Number(client.last_mutation_id);
  const results: TMutationResult[] = [];
  const sorted = [...mutations].sort((a, b) => a.id - b.id);
  for (const m of sorted) {
    if (m.id <= last) continue;
    let result: TMutationResult | null = null;
    try {
      result = await db.transaction().execute(async (trx) => {
        if (!(await claim(trx, clientId, m.id))) return null;
        const r = await mutatorFor(m.name)(trx, actor, m.args, { ...m, clientId });
        const res: TMutationResult = {
          id: m.id,
          status: r.status,
          ...(r.fields?.length ? { fields: r.fields } : {}),
        };
        await recordResult(trx, clientId, res);
        return res;
      });
    } catch (e) {
      if (!(e instanceof MutationRejected)) {
        if (results.length) onChange();
        if (e instanceof HttpError) throw e;
        // Transient (database busy, connection lost): stop here; the device keeps the rest and retries.
        return { lastMutationId: last, results };
      }
      const rejected: TMutationResult = { id: m.id, status: 'rejected', message: e.message };
      result = await db.transaction().execute(async (trx) => {
        if (!(await claim(trx, clientId, m.id))) return null;
        await recordResult(trx, clientId, rejected);
        return rejected;
      });
    }
    if (result) results.push(result);
    last = Math.max(last, m.id);
  }
  if (results.some((r) => r.status !== 'rejected')) onChange();
  return { lastMutationId: last, results };
}

export { MSG };
