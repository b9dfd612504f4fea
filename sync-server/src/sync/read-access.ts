import type { TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { toWire } from './codec.ts';
import {
  canReadRow,
  setsOf,
  type Access,
  type EntityDef,
  type ResolvedAccess,
  type SyncRegistry,
} from './entities.ts';

/** The access set the actor's read scope of `def` names, worked out (an empty map when it names none). */
async function accessFor(
  db: Db,
  registry: SyncRegistry,
  actor: TActor,
  def: EntityDef,
): Promise<ResolvedAccess> {
  const out = new Map<string, Access>();
  for (const set of setsOf(def.readScope(actor))) {
    const resolve = registry.access[set];
    if (!resolve) throw new Error(`unknown access set ${set}`);
    if (!out.has(set)) out.set(set, await resolve(db, actor));
  }
  return out;
}

/**
 * Whether the actor may read these stored rows of `def`, each: live rows of their firm within the entity's read
 * scope, the rule pulls apply. Downloads of what a row names (its file, a member's photo) ask this, so they
 * serve exactly what the caller's device may hold.
 */
export async function readableRows(
  db: Db,
  registry: SyncRegistry,
  actor: TActor,
  def: EntityDef,
  rows: readonly Record<string, unknown>[],
): Promise<boolean[]> {
  const scope = def.readScope(actor);
  const live = rows.map((r) => r.company_id === actor.company_id && !r.deleted_at);
  if (scope === 'none' || !live.some(Boolean)) return rows.map(() => false);
  const access = await accessFor(db, registry, actor, def);
  return rows.map((r, i) => live[i]! && canReadRow(scope, toWire(def, r), access));
}

export const mayReadRow = async (
  db: Db,
  registry: SyncRegistry,
  actor: TActor,
  def: EntityDef,
  row: Record<string, unknown>,
): Promise<boolean> => (await readableRows(db, registry, actor, def, [row]))[0]!;

/**
 * Whether the actor may read some live row of their firm that names the stored file `sha256` (the columns
 * entities declare as `fileColumns`, e.g. an attachment of a case file): a file known only by its hash goes to
 * no one else, whoever learnt the hash.
 */
export async function mayReadFile(
  db: Db,
  registry: SyncRegistry,
  actor: TActor,
  sha256: string,
): Promise<boolean> {
  for (const def of registry.entities)
    for (const column of def.fileColumns ?? []) {
      const rows: Record<string, unknown>[] = await db
        .selectFrom(def.table as 'attachments')
        .selectAll()
        .where('company_id', '=', actor.company_id)
        .where(column as 'sha256', '=', sha256)
        .where('deleted_at', 'is', null)
        .execute();
      if ((await readableRows(db, registry, actor, def, rows)).some(Boolean)) return true;
    }
  return false;
}
