import {
  ZDeleteArgs,
  ZPutArgs,
  type TActor,
  type TMutation,
  type TMutationStatus,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { resolveConflict } from './conflicts.ts';
import type { SyncRegistry, WriteEffects } from './entities.ts';
import { legacyDeleteEntity, legacyPutFor } from './legacy-puts.ts';
import { deleteRow, MutationRejected, putRow } from './store.ts';

export type MutatorResult = { status: Exclude<TMutationStatus, 'rejected'>; fields?: string[] };
export type Mutator = (
  trx: Db,
  actor: TActor,
  args: unknown,
  m: TMutation & { clientId: string; registry: SyncRegistry; effects?: WriteEffects },
) => Promise<MutatorResult>;

function entityOf(registry: SyncRegistry, name: string) {
  const def = registry.byName.get(name);
  if (!def || def.name === 'conflicts') throw new MutationRejected(`Unknown record type: ${name}.`, 422);
  return def;
}

/** Named mutators a device may push: the one explicit list (a named mutation of a feature is added here). */
const MUTATORS = new Map<string, Mutator>([
  [
    'put',
    async (trx, actor, args, m) => {
      const a = ZPutArgs.safeParse(args);
      if (!a.success) throw new MutationRejected('The given data was invalid.');
      const opts = { base: m.base ?? {}, changedAt: m.createdAt, writer: m.clientId, effects: m.effects };
      // A change an older build of the app queued before a migration changed the entity's shape (or name).
      const legacy = legacyPutFor(a.data.entity, a.data.values);
      const r = legacy
        ? await legacy.apply(trx, actor, m.registry, a.data.id, a.data.values, opts)
        : await putRow(trx, actor, entityOf(m.registry, a.data.entity), a.data.id, a.data.values, opts);
      return { status: r.status, fields: r.conflicts };
    },
  ],
  [
    'delete',
    async (trx, actor, args, m) => {
      const a = ZDeleteArgs.safeParse(args);
      if (!a.success) throw new MutationRejected('The given data was invalid.');
      const entity = legacyDeleteEntity(a.data.entity);
      await deleteRow(trx, actor, entityOf(m.registry, entity), a.data.id);
      return { status: 'applied' };
    },
  ],
  [
    'conflicts.resolve',
    async (trx, actor, args, m) => {
      await resolveConflict(trx, m.registry, actor, args);
      return { status: 'applied' };
    },
  ],
]);

export function mutatorFor(name: string): Mutator {
  const fn = MUTATORS.get(name);
  if (!fn) throw new MutationRejected(`Unknown change: ${name}. Please update the app.`, 422);
  return fn;
}
