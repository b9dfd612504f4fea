import {
  visibleRow,
  type TActor,
  type TChange,
  type TMutationResult,
  type TPullResponse,
} from '@lawfirm/shared-types';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../db/ids.ts';
import { lastSeq } from './change-log.ts';
import { toWire } from './codec.ts';
import {
  canReadRow,
  type Access,
  type EntityDef,
  type ReadScope,
  type ResolvedAccess,
  type SyncRegistry,
} from './entities.ts';
import { createHash } from 'node:crypto';
import { clientRow } from './push.ts';

/**
 * Cursors are opaque to devices:
 *   p:<seq>:<entity>:<last id>:<done>[:<left>]  a snapshot in progress (first sync, or after the caller's
 *                                      scope changed), taken as of change <seq>: <entity> is being sent from after
 *                                      <last id>, <done> lists the entities already sent. Names, never positions:
 *                                      a server that gains entities mid-way still sends every one exactly once.
 *                                      <left>: the rows the page before counted still to send (progress only).
 *   c:<seq>                            every change up to <seq> has been delivered.
 */
type Snapshot = {
  kind: 'snapshot';
  seq: number;
  entity: string;
  after: string;
  done: string[];
  left?: number;
};
type Cursor = Snapshot | { kind: 'changes'; seq: number };

/**
 * The order snapshots were sent in before cursors named entities (s:<seq>:<position>:<last id>). A device that
 * was mid-way through a first sync when the server was upgraded resumes where it was. Never edit this list.
 */
const LEGACY_SNAPSHOT_ORDER = [
  'courts',
  'case_categories',
  'case_category_courts',
  'module_types',
  'statutes',
  'limitation_articles',
  'settings',
  'users',
  'contact_requests',
  'petitions',
  'petition_parties',
  'petition_index',
  'reply_parents',
  'replies',
  'order_sheets',
  'attachments',
  'conflicts',
];

/** A cursor this server gave; its numbers have at most 15 digits (more would overflow PostgreSQL's bigint). */
function parseCursor(s: string): Cursor | null {
  const snap = /^p:(\d{1,15}):([a-z_]*):([^:]*):([a-z_,]*)(?::(\d{1,15}))?$/.exec(s);
  if (snap)
    return {
      kind: 'snapshot',
      seq: Number(snap[1]),
      entity: snap[2]!,
      after: snap[3]!,
      done: snap[4] ? snap[4].split(',') : [],
      ...(snap[5] === undefined ? {} : { left: Number(snap[5]) }),
    };
  const legacy = /^s:(\d{1,15}):(\d{1,15}):(.*)$/.exec(s);
  if (legacy) {
    const i = Number(legacy[2]);
    return {
      kind: 'snapshot',
      seq: Number(legacy[1]),
      entity: LEGACY_SNAPSHOT_ORDER[i] ?? '',
      after: legacy[3] ?? '',
      done: LEGACY_SNAPSHOT_ORDER.slice(0, i),
    };
  }
  const ch = /^c:(\d{1,15})$/.exec(s);
  if (ch) return { kind: 'changes', seq: Number(ch[1]) };
  return null;
}

const snapshotCursor = (c: Snapshot) =>
  `p:${c.seq}:${c.entity}:${c.after}:${c.done.join(',')}${c.left === undefined ? '' : `:${c.left}`}`;

/**
 * What the actor may read; when it changes (role, approval, a case file shared or no longer shared) the device
 * starts over from a snapshot, which both removes what it may no longer read and brings what it now may. The
 * columns the declarations hide are part of it, so a device that holds a column it may no longer receive
 * (hidden since it synced) starts over too.
 */
const scopeOf = (a: TActor, access: ResolvedAccess, registry: SyncRegistry) =>
  JSON.stringify([
    registry.entities.flatMap((d) => (d.hidden ?? []).map((h) => `${d.name}:${h.columns.join(',')}`)),
    a.id,
    a.company_id,
    a.is_admin,
    a.is_lawyer,
    a.is_student,
    a.is_client,
    a.is_provider,
    ...[...access].map(([name, ids]) =>
      ids === 'all'
        ? 'all'
        : `${name}:${createHash('sha256')
            .update([...ids].sort().join(','))
            .digest('hex')}`,
    ),
  ]);

async function resolveAccess(db: Db, registry: SyncRegistry, actor: TActor): Promise<ResolvedAccess> {
  const out = new Map<string, Access>();
  for (const [name, fn] of Object.entries(registry.access)) out.set(name, await fn(db, actor));
  return out;
}

/** The condition of a read scope on a row (an `either` scope: any of its parts). */
function scopeWhere(
  eb: ExpressionBuilder<Database, 'courts'>,
  scope: ReadScope,
  access: ResolvedAccess,
): Expression<SqlBool> {
  if (scope === 'all') return eb.lit(true);
  if (scope === 'none') return eb.lit(false);
  if ('either' in scope) return eb.or(scope.either.map((s) => scopeWhere(eb, s, access)));
  if ('set' in scope) {
    const set = access.get(scope.set) ?? new Set<string>();
    if (set === 'all') return eb(scope.column as 'id', 'is not', null);
    const ids = [...set];
    // Nothing readable: match nothing (an empty IN list is not valid SQL everywhere).
    return ids.length ? eb(scope.column as 'id', 'in', ids) : eb('id', '=', '');
  }
  return eb.or(scope.anyOf.map((c) => eb(c.column as 'id', '=', c.value)));
}

function scoped(db: Db, def: EntityDef, actor: TActor, scope: ReadScope, access: ResolvedAccess) {
  let q = db
    .selectFrom(def.table as 'courts')
    .selectAll()
    .where('company_id', '=', actor.company_id);
  if (typeof scope === 'object' && 'either' in scope) q = q.where((eb) => scopeWhere(eb, scope, access));
  else if (typeof scope === 'object' && 'set' in scope) {
    const set = access.get(scope.set) ?? new Set<string>();
    if (set !== 'all') {
      const ids = [...set];
      // Nothing readable: match nothing (an empty IN list is not valid SQL everywhere).
      q = ids.length ? q.where(scope.column as 'id', 'in', ids) : q.where('id', '=', '');
    }
  } else if (typeof scope === 'object')
    q = q.where((eb) => eb.or(scope.anyOf.map((c) => eb(c.column as 'id', '=', c.value))));
  return q;
}

async function snapshotPage(
  db: Db,
  registry: SyncRegistry,
  actor: TActor,
  cur: Snapshot,
  limit: number,
  access: ResolvedAccess,
) {
  const changes: TChange[] = [];
  // The entity in progress first (if the server still has it), then every entity not yet sent, in registry order.
  const done = new Set(cur.done);
  const todo = registry.entities.filter((d) => !done.has(d.name));
  todo.sort((a, b) => Number(b.name === cur.entity) - Number(a.name === cur.entity));
  let after = todo[0]?.name === cur.entity ? cur.after : '';
  let i = 0;
  for (; i < todo.length && changes.length < limit; i++) {
    const def = todo[i]!;
    const scope = def.readScope(actor);
    if (scope !== 'none') {
      const want = limit - changes.length;
      const rows = await scoped(db, def, actor, scope, access)
        .where('deleted_at', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(want)
        .execute();
      for (const r of rows)
        changes.push({ entity: def.name, id: r.id, row: visibleRow(def, actor, toWire(def, r)) });
      if (rows.length === want) {
        // The page is full: this entity may have more rows after the last one sent.
        after = rows[rows.length - 1]!.id;
        break;
      }
    }
    done.add(def.name);
    after = '';
  }
  const rest = todo.slice(i);
  const finished = rest.length === 0;
  // What is left to send (the device's progress): what the page before counted, less this page's rows. It is
  // counted (in one statement: one count a remaining entity was 40 statements) on the first page, and again
  // when the carried figure runs out before the snapshot does (rows added meanwhile); counted on every page,
  // a first sync of a firm of 30,000 case files read the firm's tables once per page of 500 (issue 33).
  const carried = cur.left === undefined ? undefined : cur.left - changes.length;
  const remaining = finished
    ? 0
    : carried !== undefined && carried > 0
      ? carried
      : await countLeft(db, actor, access, rest, after);
  const next: Snapshot = { ...cur, entity: rest[0]?.name ?? '', after, done: [...done], left: remaining };
  return {
    changes,
    cursor: finished ? `c:${cur.seq}` : snapshotCursor(next),
    more: !finished,
    remaining,
  };
}

/** The rows of `rest` still to send, the first entity's after `after`, in one statement. */
async function countLeft(db: Db, actor: TActor, access: ResolvedAccess, rest: EntityDef[], after: string) {
  const counts = rest.flatMap((def, j) => {
    const scope = def.readScope(actor);
    if (scope === 'none') return [];
    let q = scoped(db, def, actor, scope, access).where('deleted_at', 'is', null);
    if (j === 0) q = q.where('id', '>', after);
    return [q.clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n'))];
  });
  let remaining = 0;
  if (counts.length) {
    const [first, ...others] = counts;
    const all = others.reduce((u, q) => u.unionAll(q), first!);
    for (const r of await all.execute()) remaining += Number(r.n);
  }
  return remaining;
}

async function changesPage(
  db: Db,
  registry: SyncRegistry,
  actor: TActor,
  seq: number,
  limit: number,
  access: ResolvedAccess,
) {
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
    const def = registry.byName.get(name);
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
      const wire = r && toWire(def, r);
      // Only rows the caller may read, live or deleted: of another row (a case file they may not read) the
      // device learns nothing, not even its id or that it changed. Whether a row is readable does not change
      // while the scope stays the same (a row's parents and owner are fixed, the access sets are in the scope),
      // and a changed scope starts the device over, so this never keeps a row on a device that received it.
      if (wire ? !canReadRow(scope, wire, access) : scope !== 'all') continue;
      changes.push({ entity: name, id, row: wire && !wire.deleted_at ? visibleRow(def, actor, wire) : null });
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
  registry: SyncRegistry,
  actor: TActor,
  q: { clientId: string; cursor: string; pendingFrom: number; limit: number },
): Promise<TPullResponse> {
  const client = await clientRow(db, q.clientId, actor);
  const access = await resolveAccess(db, registry, actor);
  const scope = scopeOf(actor, access, registry);
  let cur = parseCursor(q.cursor);
  let reset = false;
  if (!cur || client.scope !== scope) {
    // First sync, an unknown cursor, or the caller's rights changed (also part-way through a snapshot, whose
    // pages so far were sent under the old rights): start over from a snapshot.
    cur = { kind: 'snapshot', seq: await lastSeq(db, actor.company_id), entity: '', after: '', done: [] };
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
      ? await snapshotPage(db, registry, actor, cur, q.limit, access)
      : await changesPage(db, registry, actor, cur.seq, q.limit, access);
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
