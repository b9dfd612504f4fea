import { z } from 'zod';
import { conflictsDecl, MSG, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import { recordChange } from './change-log.ts';
import { serverEntity, type SyncRegistry } from './entities.ts';
import { MutationRejected, putRow } from './store.ts';

/**
 * Conflicts are themselves a synced entity, so both devices (and the firm's admins) see the same list and a
 * resolution made on one reaches the other. Devices never write them directly: only 'conflicts.resolve'.
 */
export const conflictsEntity = serverEntity(conflictsDecl);

export const ZResolve = z.object({ id: z.string().min(1), keep: z.enum(['server', 'client']) });

/**
 * Keeps one value of a conflict. Keeping the device's value writes it as a fresh edit over the current value
 * (the person has now seen both); keeping the server's value changes nothing but the conflict.
 */
export async function resolveConflict(
  trx: Db,
  registry: SyncRegistry,
  actor: TActor,
  args: unknown,
): Promise<void> {
  const parsed = ZResolve.safeParse(args);
  if (!parsed.success) throw new MutationRejected('The given data was invalid.');
  const { id, keep } = parsed.data;
  const c = await trx.selectFrom('conflicts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c || c.company_id !== actor.company_id) throw new MutationRejected(MSG.notFound, 404);
  if (!actor.is_admin && c.client_user_id !== actor.id && c.server_user_id !== actor.id)
    throw new MutationRejected(MSG.forbidden, 403);
  if (c.resolved_at) return;
  const def = registry.byName.get(c.entity);
  if (!def) throw new MutationRejected(MSG.notFound, 404);
  if (keep === 'client') {
    await putRow(trx, actor, def, c.row_id, {
      [c.field]: c.client_value === null ? null : (JSON.parse(c.client_value) as unknown),
    });
  }
  const seq = await recordChange(trx, actor.company_id, 'conflicts', id);
  const now = nowIso();
  await trx
    .updateTable('conflicts')
    .set({
      resolved_at: now,
      resolution: keep,
      resolved_by: actor.id,
      updated_at: now,
      updated_by: actor.id,
      version: seq,
    })
    .where('id', '=', id)
    .execute();
}
