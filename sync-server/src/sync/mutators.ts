import {
  MSG,
  ZDeleteArgs,
  ZPutArgs,
  type TActor,
  type TMutation,
  type TMutationStatus,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { resolveConflict } from './conflicts.ts';
import { entityByName, type WriteEffects } from './entities.ts';
import { deleteRow, MutationRejected, putRow } from './store.ts';

export type MutatorResult = { status: Exclude<TMutationStatus, 'rejected'>; fields?: string[] };
export type Mutator = (
  trx: Db,
  actor: TActor,
  args: unknown,
  m: TMutation & { clientId: string; effects?: WriteEffects },
) => Promise<MutatorResult>;

function entityOf(name: string) {
  const def = entityByName(name);
  if (!def || def.name === 'conflicts') throw new MutationRejected(`Unknown record type: ${name}.`, 422);
  return def;
}

/** Named mutators a device may push. Features add theirs with registerMutator. */
const MUTATORS = new Map<string, Mutator>([
  [
    'put',
    async (trx, actor, args, m) => {
      const a = ZPutArgs.safeParse(args);
      if (!a.success) throw new MutationRejected('The given data was invalid.');
      const r = await putRow(trx, actor, entityOf(a.data.entity), a.data.id, a.data.values, {
        base: m.base ?? {},
        changedAt: m.createdAt,
        writer: m.clientId,
        effects: m.effects,
      });
      return { status: r.status, fields: r.conflicts };
    },
  ],
  [
    'delete',
    async (trx, actor, args) => {
      const a = ZDeleteArgs.safeParse(args);
      if (!a.success) throw new MutationRejected('The given data was invalid.');
      await deleteRow(trx, actor, entityOf(a.data.entity), a.data.id);
      return { status: 'applied' };
    },
  ],
  [
    'conflicts.resolve',
    async (trx, actor, args) => {
      await resolveConflict(trx, actor, args);
      return { status: 'applied' };
    },
  ],
]);

export function registerMutator(name: string, fn: Mutator): void {
  MUTATORS.set(name, fn);
}

export function mutatorFor(name: string): Mutator {
  const fn = MUTATORS.get(name);
  if (!fn) throw new MutationRejected(`Unknown change: ${name}. Please update the app.`, 422);
  return fn;
}

export { MSG };
