import { parseRupees, type TActor, type TEntityName } from '@lawfirm/shared-types';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import type { EntityDef, Row } from '../../sync/entities.ts';
import { toWire } from '../../sync/codec.ts';
import { refuseParents } from '../../sync/relations.ts';
import {
  insertSeedRows,
  insertSyncedRow,
  SEED_WRITER,
  updateSyncedRow,
  type SystemRow,
} from '../../sync/system-write.ts';
import { REGISTRY } from '../../entities.ts';

/**
 * The generic half of the demo seed: rows declared as a tree (demo-firm.ts), written one by one the way the
 * sync store writes a device's new row (defaults, the entity's schema, its parents and owner, the server's
 * check, the insert, the server's after-write), through the system-write helpers every seed uses. Nothing here
 * knows a feature: parent and owner columns come from the shared declarations, so a row nested under another
 * is attached to it whatever the entities are.
 */

/** A value the loader works out when it writes the row (anything else is written as declared). */
export type TSeedMarker =
  /** The ISO date `offset` days from the seed's today. */
  | { $day: number }
  /** An instant (10:30 in Pakistan) `offset` days from the seed's today: a row's created_at. */
  | { $at: number }
  /** The year of the date `offset` days from the seed's today (a case file's year, from its institution). */
  | { $year: number }
  /** Rupees as exact decimal text ("150000.00"), stored as whole paisa. */
  | { $rs: string }
  /** The id of a row declared earlier under `key`. */
  | { $ref: string }
  /** The firm's live reference row of `entity` titled so (the first title found; several for spellings). */
  | {
      $find: {
        entity: 'courts' | 'case_categories' | 'module_types';
        title: string | readonly string[];
        where?: Readonly<Record<string, string | number>>;
        /** Null when the firm has no such row (a type list an admin may not have yet), instead of failing. */
        optional?: boolean;
      };
    };

export const day = (offset: number): TSeedMarker => ({ $day: offset });
export const at = (offset: number): TSeedMarker => ({ $at: offset });
export const yearOf = (offset: number): TSeedMarker => ({ $year: offset });
export const rs = (rupees: string): TSeedMarker => ({ $rs: rupees });
export const ref = (key: string): TSeedMarker => ({ $ref: key });
export const find = (
  entity: 'courts' | 'case_categories' | 'module_types',
  title: string | readonly string[],
  more: { where?: Record<string, string | number>; optional?: boolean } = {},
): TSeedMarker => ({ $find: { entity, title, ...more } });

/** One declared row and the rows that hang off it. */
export type TSeedNode = {
  entity: TEntityName;
  /** A name later rows use to point at this one (`ref(key)`). */
  key?: string;
  /** Declared columns, with markers. */
  values: Record<string, unknown>;
  /** Server-only columns as stored (a user's password hash): never sent to devices, so never validated. */
  stored?: Record<string, unknown>;
  /** A stored file (by its name in the photos folder) whose hash, size, type and name fill the file columns. */
  file?: string;
  /** Rows under this one: their parent and owner columns are this row's. */
  children?: readonly TSeedNode[];
  /** Changes made once the children are there (an invoice marked paid after its lines and payments). */
  then?: Record<string, unknown>;
};

/** A file already in the firm's store. */
export type TStoredFile = { sha256: string; size: number; mime: string };

export type TSeedContext = {
  trx: Db;
  companyId: string;
  /** YYYY-MM-DD that day offsets count from. */
  today: string;
  /** Whose write the server's checks and after-writes see: the firm's admin. */
  actor: TActor;
  /** Whether the firm already has logged changes: rows are then logged too, so synced devices pull them. */
  logged: boolean;
  files: ReadonlyMap<string, TStoredFile>;
  /** Ids of keyed rows, seeded with those that exist already (the admin). */
  ids: Map<string, string>;
  /** Rows written, by entity. */
  counts: Map<string, number>;
};

const isMarker = (v: unknown): v is TSeedMarker =>
  !!v &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  /^\$/.test(Object.keys(v)[0]!);

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const normal = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();

async function findReference(ctx: TSeedContext, q: Extract<TSeedMarker, { $find: unknown }>['$find']) {
  let query = ctx.trx
    .selectFrom(q.entity as 'courts')
    .select(['id', 'title'])
    .where('company_id', '=', ctx.companyId)
    .where('deleted_at', 'is', null);
  for (const [col, v] of Object.entries(q.where ?? {})) query = query.where(col as 'id', '=', v as string);
  const rows = await query.execute();
  const titles = typeof q.title === 'string' ? [q.title] : q.title;
  for (const t of titles) {
    const hit = rows.find((r) => normal(r.title) === normal(t));
    if (hit) return hit.id;
  }
  if (q.optional) return null;
  throw new Error(
    `Demo data: the firm has no ${q.entity} titled ${titles.map((t) => `"${t}"`).join(' or ')}.`,
  );
}

/** A declared value with its markers worked out (inside lists too: a case file's lawyers). */
async function resolve(ctx: TSeedContext, v: unknown): Promise<unknown> {
  if (Array.isArray(v)) return Promise.all(v.map((x) => resolve(ctx, x)));
  if (!isMarker(v)) return v;
  if ('$day' in v) return addDays(ctx.today, v.$day);
  if ('$at' in v) return `${addDays(ctx.today, v.$at)}T05:30:00.000Z`;
  if ('$year' in v) return Number(addDays(ctx.today, v.$year).slice(0, 4));
  if ('$rs' in v) {
    const paisa = /^\d+\.\d{2}$/.test(v.$rs) ? parseRupees(v.$rs) : null;
    if (paisa === null) throw new Error(`Demo data: "${v.$rs}" is not an amount in rupees like "1500.00".`);
    return paisa;
  }
  if ('$ref' in v) {
    const id = ctx.ids.get(v.$ref);
    if (!id) throw new Error(`Demo data: "${v.$ref}" is not a row declared before it.`);
    return id;
  }
  return findReference(ctx, v.$find);
}

async function resolveAll(ctx: TSeedContext, values: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = await resolve(ctx, v);
  return out;
}

/** The parent and owner columns of a row nested under `parent`, from the entity's shared declaration. */
function relationsFrom(def: EntityDef, parent: { entity: string; row: Row } | null): Record<string, unknown> {
  if (!parent) return {};
  const out: Record<string, unknown> = {};
  for (const p of def.parents ?? [])
    // The direct parent gives its id; a parent further up (a reply's case file) is the one the parent names.
    out[p.column] = p.entity === parent.entity ? parent.row.id : parent.row[p.column];
  const o = def.owner;
  if (o) {
    const kind = Object.entries(o.entities).find(([, entity]) => entity === parent.entity)?.[0];
    if (kind) Object.assign(out, { [o.typeColumn]: kind, [o.idColumn]: parent.row.id });
    // The column a file shares with its owner (its case file, its invoice) is the owner's.
    const same = kind ? (o.within?.[kind] ?? o.sameAs) : undefined;
    if (same) out[same] = parent.row[same];
  }
  return out;
}

function fileColumns(ctx: TSeedContext, node: TSeedNode): Record<string, unknown> {
  if (!node.file) return {};
  const f = ctx.files.get(node.file);
  if (!f) throw new Error(`Demo data: no photo named ${node.file}.`);
  return { sha256: f.sha256, size: f.size, mime_type: f.mime, file_name: node.file };
}

/** Refuses a row as a device's write would be refused, naming the declared row. */
function refuse(def: EntityDef, node: TSeedNode, why: string): never {
  throw new Error(`Demo data: ${def.name}${node.key ? ` "${node.key}"` : ''} is refused: ${why}`);
}

function validate(def: EntityDef, node: TSeedNode, row: Record<string, unknown>): void {
  const unknown = Object.keys(row).filter((k) => !(k in def.columns));
  if (unknown.length)
    refuse(def, node, `${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not declared`);
  const r = def.schema.safeParse(row);
  if (!r.success)
    refuse(def, node, r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
}

type TParentRow = { entity: string; row: Row } | null;

async function writeNode(ctx: TSeedContext, node: TSeedNode, parent: TParentRow, position: number) {
  const def = REGISTRY.byName.get(node.entity);
  if (!def) throw new Error(`Demo data: ${node.entity} is not a synced entity.`);
  const id = newId();
  const values = {
    // A list ordered by hand is in the order declared (1, 2, 3… among the rows of its entity there).
    ...('display_order' in def.columns ? { display_order: position } : {}),
    ...relationsFrom(def, parent),
    ...fileColumns(ctx, node),
    ...(await resolveAll(ctx, node.values)),
  };
  const row = { ...(def.defaults ?? {}), ...values, id, company_id: ctx.companyId } as Row;
  validate(def, node, row);
  const orphan = await refuseParents(ctx.trx, def, ctx.companyId, row);
  if (orphan) refuse(def, node, orphan);
  const fields = Object.keys(row).filter((k) => k !== 'id' && k !== 'company_id');
  // The server's own rules (a client of the firm, a type of the module) and what it fills in (the invoice number).
  const checked = await def.check?.(ctx.trx, ctx.actor, row, fields);
  if (checked) refuse(def, node, checked);
  const stored: SystemRow = { ...row, ...node.stored };
  if (ctx.logged) await insertSyncedRow(ctx.trx, def, ctx.companyId, stored, { writer: SEED_WRITER });
  else await insertSeedRows(ctx.trx, def, ctx.companyId, [stored]);
  // What the server derives after a write (a page's plain text and address, an approval's stamp).
  await def.afterWrite?.(ctx.trx, ctx.actor, null, row, fields);
  if (node.key) {
    if (ctx.ids.has(node.key)) throw new Error(`Demo data: the key "${node.key}" is declared twice.`);
    ctx.ids.set(node.key, id);
  }
  ctx.counts.set(def.name, (ctx.counts.get(def.name) ?? 0) + 1);
  await writeList(ctx, node.children ?? [], { entity: def.name, row });
  if (node.then) await changeRow(ctx, def, node, row, await resolveAll(ctx, node.then));
}

/** A later change of a written row, checked like an edit and logged, so devices pull its final state. */
async function changeRow(
  ctx: TSeedContext,
  def: EntityDef,
  node: TSeedNode,
  row: Row,
  change: Record<string, unknown>,
) {
  const declared = Object.fromEntries(Object.keys(def.columns).map((c) => [c, row[c]]));
  const after = { ...declared, ...change } as Row;
  validate(def, node, after);
  const changed = Object.keys(change);
  const checked = await def.check?.(ctx.trx, ctx.actor, after, changed);
  if (checked) refuse(def, node, checked);
  await updateSyncedRow(ctx.trx, def, ctx.companyId, row.id, change, {
    writer: SEED_WRITER,
    updatedBy: ctx.actor.id,
  });
  await def.afterWrite?.(ctx.trx, ctx.actor, row, after, changed);
}

/**
 * Sets the fields of the firm's one row of `entity` (its settings) that are still empty, leaving whatever an
 * admin has typed; nothing is written when none is empty.
 */
export async function fillEmptyFields(
  ctx: TSeedContext,
  entity: TEntityName,
  values: Record<string, unknown>,
) {
  const def = REGISTRY.byName.get(entity)!;
  const found = await ctx.trx
    .selectFrom(def.table as 'settings')
    .selectAll()
    .where('company_id', '=', ctx.companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!found) throw new Error(`Demo data: the firm has no ${entity} row.`);
  const row = toWire(def, found);
  const change = Object.fromEntries(
    Object.entries(await resolveAll(ctx, values)).filter(([k]) => row[k] === null || row[k] === ''),
  );
  if (Object.keys(change).length) await changeRow(ctx, def, { entity, values }, row, change);
}

async function writeList(ctx: TSeedContext, nodes: readonly TSeedNode[], parent: TParentRow) {
  const positions = new Map<string, number>();
  for (const node of nodes) {
    const position = (positions.get(node.entity) ?? 0) + 1;
    positions.set(node.entity, position);
    await writeNode(ctx, node, parent, position);
  }
}

/** Writes the declared rows in order, each row before those under it. */
export const loadSeedNodes = (ctx: TSeedContext, nodes: readonly TSeedNode[]): Promise<void> =>
  writeList(ctx, nodes, null);
