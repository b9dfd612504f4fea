import type { TActor, TChange, TMutationResult, TPullResponse } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import { lastSeq } from './change-log.ts';
import { toWire } from './codec.ts';
import { canReadRow, ENTITIES, type EntityDef, type PetitionAccess, type ReadScope } from './entities.ts';
import { readablePetitions } from '../case-files/access.ts';
import { createHash } from 'node:crypto';
import { clientRow } from './push.ts';

/**
 * Cursors are opaque to devices:
 *   s:<seq>:<entity index>:<last id>  a snapshot in progress (first sync, or after the caller's scope changed),
 *                                     taken as of change <seq>; changes after it follow as a normal pull.
 *   c:<seq>                           every change up to <seq> has been delivered.
 */
type Cursor =
  { kind: 'snapshot'; seq: number; entity: number; after: string } | { kind: 'changes'; seq: number };

function parseCursor(s: string): Cursor | null {
  const snap = /^s:(\d+):(\d+):(.*)$/.exec(s);
  if (snap) return { kind: 'snapshot', seq: Number(snap[1]), entity: Number(snap[2]), after: snap[3] ?? '' };
  const ch = /^c:(\d+)$/.exec(s);
  if (ch) return { kind: 'changes', seq: Number(ch[1]) };
  return null;
}

/**
 * What the actor may read; when it changes (role, approval, a case file shared or no longer shared) the device
 * starts over from a snapshot, which both removes what it may no longer read and brings what it now may.
 */
const scopeOf = (a: TActor, petitions: PetitionAccess) =>
  JSON.stringify([
    a.id,
    a.company_id,
    a.is_admin,
    a.is_lawyer,
    a.is_student,
    a.is_client,
    a.is_provider,
    petitions === 'all'
      ? 'all'
      : createHash('sha256')
          .update([...petitions].sort().join(','))
          .digest('hex'),
  ]);

function scoped(db: Db, def: EntityDef, actor: TActor, scope: ReadScope, petitions: PetitionAccess) {
  let q = db
    .selectFrom(def.table as 'courts')
    .selectAll()
    .where('company_id', '=', actor.company_id);
  if (typeof scope === 'object' && 'petition' in scope) {
    if (petitions !== 'all') {
      const ids = [...petitions];
      // No readable case file: match nothing (an empty IN list is not valid SQL everywhere).
      q = ids.length ? q.where(scope.petition as 'id', 'in', ids) : q.where('id', '=', '');
    }
  } else if (typeof scope === 'object')
    q = q.where((eb) => eb.or(scope.anyOf.map((c) => eb(c.column as 'id', '=', c.value))));
  return q;
}

async function snapshotPage(
  db: Db,
  actor: TActor,
  cur: Extract<Cursor, { kind: 'snapshot' }>,
  limit: number,
  petitions: PetitionAccess,
) {
  const changes: TChange[] = [];
  let { entity, after } = cur;
  while (entity < ENTITIES.length && changes.length < limit) {
    const def = ENTITIES[entity]!;
    const scope = def.readScope(actor);
    if (scope !== 'none') {
      const want = limit - changes.length;
      const rows = await scoped(db, def, actor, scope, petitions)
        .where('deleted_at', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(want)
        .execute();
      for (const r of rows) changes.push({ entity: def.name, id: r.id, row: toWire(def, r) });
      if (rows.length === want) {
        // The page is full: this entity may have more rows after the last one sent.
        after = rows[rows.length - 1]!.id;
        break;
      }
    }
    entity += 1;
    after = '';
  }
  const done = entity >= ENTITIES.length;
  let remaining = 0;
  if (!done) {
    for (let i = entity; i < ENTITIES.length; i++) {
      const def = ENTITIES[i]!;
      const scope = def.readScope(actor);
      if (scope === 'none') continue;
      let q = scoped(db, def, actor, scope, petitions).where('deleted_at', 'is', null);
      if (i === entity) q = q.where('id', '>', after);
      const r = await q
        .clearSelect()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      remaining += Number(r?.n ?? 0);
    }
  }
  return {
    changes,
    cursor: done ? `c:${cur.seq}` : `s:${cur.seq}:${entity}:${after}`,
    more: !done,
    remaining,
  };
}

async function changesPage(db: Db, actor: TActor, seq: number, limit: number, petitions: PetitionAccess) {
  const log = await db
    .selectFrom('change_log')
    .select(['seq', 'entity', 'row_id'])
    .where('company_id', '=', actor.company_id)
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  const byEntity = new Map<string, Set<string>>();
  for (const l of log) {
    if (!byEntity.has(l.entity)) byEntity.set(l.entity, new Set());
    byEntity.get(l.entity)!.add(l.row_id);
  }
  const changes: TChange[] = [];
  for (const [name, ids] of byEntity) {
    const def = ENTITIES.find((e) => e.name === name);
    if (!def) continue;
    const scope = def.readScope(actor);
    const rows = await db
      .selectFrom(def.table as 'courts')
      .selectAll()
      .where('company_id', '=', actor.company_id)
      .where('id', 'in', [...ids])
      .execute();
    const found = new Map(rows.map((r) => [r.id, r as Record<string, unknown>]));
    for (const id of ids) {
      const r = found.get(id);
      // A row that is gone, or that the caller may no longer read, is removed from the device.
      const readable = r && !r.deleted_at && canReadRow(scope, toWire(def, r), petitions);
      changes.push({ entity: name, id, row: readable ? toWire(def, r) : null });
    }
  }
  const next = log.length ? Number(log[log.length - 1]!.seq) : seq;
  const rest = await db
    .selectFrom('change_log')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', actor.company_id)
    .where('seq', '>', next)
    .executeTakeFirst();
  const remaining = Number(rest?.n ?? 0);
  return { changes, cursor: `c:${next}`, more: remaining > 0, remaining };
}

export async function pull(
  db: Db,
  actor: TActor,
  q: { clientId: string; cursor: string; pendingFrom: number; limit: number },
): Promise<TPullResponse> {
  const client = await clientRow(db, q.clientId, actor);
  const petitions = await readablePetitions(db, actor);
  const scope = scopeOf(actor, petitions);
  let cur = parseCursor(q.cursor);
  let reset = false;
  if (!cur || (client.scope !== scope && cur.kind === 'changes')) {
    // First sync, an unknown cursor, or the caller's rights changed: start over from a snapshot.
    cur = { kind: 'snapshot', seq: await lastSeq(db, actor.company_id), entity: 0, after: '' };
    reset = true;
  }
  if (client.scope !== scope)
    await db
      .updateTable('sync_clients')
      .set({ scope, updated_at: nowIso() })
      .where('client_id', '=', q.clientId)
      .execute();
  const page =
    cur.kind === 'snapshot'
      ? await snapshotPage(db, actor, cur, q.limit, petitions)
      : await changesPage(db, actor, cur.seq, q.limit, petitions);
  const results = await db
    .selectFrom('sync_results')
    .selectAll()
    .where('client_id', '=', q.clientId)
    .where('mutation_id', '>=', q.pendingFrom || Number.MAX_SAFE_INTEGER)
    .orderBy('mutation_id')
    .limit(500)
    .execute();
  return {
    ...page,
    reset,
    lastMutationId: Number(client.last_mutation_id),
    results: results.map((r): TMutationResult => ({
      id: Number(r.mutation_id),
      status: r.status as TMutationResult['status'],
      ...(r.message ? { message: r.message } : {}),
      ...(r.fields ? { fields: JSON.parse(r.fields) as string[] } : {}),
    })),
  };
}
