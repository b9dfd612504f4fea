import { v7 } from 'uuid';
import { deleteLocal, putLocal } from './actions.ts';
import { storeLocalFile, type TStoredFile } from './attachments.ts';
import type { LocalDb, TRow } from './db.ts';
import { ENTITY_TABLE } from './entity-table.ts';
import type { TClientEntity } from './client-entities.ts';
import { syncTables } from './rebase.ts';

/**
 * A child row as a form saves it: `id` of a saved row (null for a new one), the values it would store (without
 * its parent column: the action sets it), files picked or photographed for it, and the ids of its saved files the
 * user removed (after confirmation).
 */
export type TChildSave = {
  id: string | null;
  values: Record<string, unknown>;
  files?: readonly File[];
  removedFiles?: readonly string[];
};

/** One child entity's rows of a form: the rows shown, the saved rows as the form opened, and the saved ones removed. */
export type TChildListSave = {
  rows: readonly TChildSave[];
  before: readonly TRow[];
  removed?: readonly string[];
};

/**
 * A parent with its edited child rows (a form of an entity whose children declare it in `parents`): `before` is
 * the parent as the form opened (null for a new one); `last` are parent fields queued after the children, and
 * `after` names fields of `values` that go there too (an invoice's "send email", so the server mails the final
 * total; a new row's field left empty goes with the rest, as it sets nothing off). `children` is keyed by child
 * entity, in the order they are queued.
 */
export type TParentSave = {
  entity: string;
  id: string | null;
  values: Record<string, unknown>;
  before: TRow | null;
  children?: Readonly<Record<string, TChildListSave>>;
  last?: Record<string, unknown>;
  after?: readonly string[];
};

/** A row of a form's list as the form kit reads it (useFieldRows' `read`): its saved id, files, stored values. */
export type TReadRow = {
  row: { id: string | null; files?: readonly File[]; removedFiles?: readonly string[] };
  values: Record<string, unknown>;
};

/**
 * A form's rows of one child entity as the save takes them: each row's stored values (the declared fields are
 * the child's columns), its picked and removed files, and with `order` the column that keeps the rows' order
 * as shown (1, 2, …).
 */
export const childList = (
  before: readonly TRow[],
  read: readonly TReadRow[],
  { removed = [], order }: { removed?: readonly string[]; order?: string } = {},
): TChildListSave => ({
  before,
  removed,
  rows: read.map(({ row, values }, i) => ({
    id: row.id,
    values: order ? { ...values, [order]: i + 1 } : values,
    ...(row.files ? { files: row.files } : {}),
    ...(row.removedFiles ? { removedFiles: row.removedFiles } : {}),
  })),
});

/** What a save queued: the parent's id, each child entity's row ids in the order given, the kept files' hashes. */
export type TParentSaved = { id: string; children: Record<string, string[]>; files: string[] };

const emptyValue = (v: unknown) => v === null || v === undefined || v === false || v === '';
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `values` that differ from `before` (all of them for a new row): an edit sends only these. */
export const changedFields = (values: Record<string, unknown>, before: TRow | null | undefined) =>
  before ? Object.fromEntries(Object.entries(values).filter(([k, v]) => !same(v, before[k]))) : { ...values };

/** The field versions the user saw: the base of each edited field (DESIGN §5), not a copy pulled since. */
const seenOf = (before: TRow | null | undefined) =>
  before?.field_versions ? { seen: before.field_versions as Record<string, number> } : {};

function declOf(entity: string): TClientEntity {
  const decl = ENTITY_TABLE[entity];
  if (!decl) throw new Error(`${entity} is not a synced entity`);
  return decl;
}

/** The column by which `child` hangs off `parent` (its declaration's `parents`). */
function parentColumn(child: string, parent: string): string {
  const p = declOf(child).parents?.find((x) => x.entity === parent);
  if (!p) throw new Error(`${child} does not declare ${parent} as its parent`);
  return p.column;
}

/** The file owner model (the one entity with `owner`) and the kind under which `entity` owns files. */
function fileOwner(entity: string) {
  for (const [name, decl] of Object.entries(ENTITY_TABLE)) {
    const kind = Object.entries(decl.owner?.entities ?? {}).find(([, e]) => e === entity)?.[0];
    if (decl.owner && kind) return { table: name, owner: decl.owner, kind };
  }
  // Picked files are the user's work: an entity that owns none must not lose them silently.
  throw new Error(`${entity} owns no files`);
}

/**
 * Queues files as rows of the file model owned by `ownerId` (in the caller's transaction), after its last file,
 * with the column it shares with its owner (a receipt's invoice). The bytes are already in `blobs`/`files`, so
 * the engine uploads them (resumable, content-addressed) after the push.
 */
async function putFiles(
  db: LocalDb,
  entity: string,
  owner: TRow,
  files: readonly TStoredFile[],
  removed: readonly string[],
): Promise<void> {
  if (!files.length && !removed.length) return;
  const { table, owner: o, kind } = fileOwner(entity);
  for (const id of removed) await deleteLocal(db, table, id);
  if (!files.length) return;
  const saved = await db
    .rows(table)
    .where({ [o.typeColumn]: kind, [o.idColumn]: owner.id })
    .toArray();
  let order = Math.max(0, ...saved.map((r) => Number(r.display_order) || 0)) + 1;
  const within = o.within?.[kind] ?? o.sameAs;
  for (const f of files)
    await putLocal(db, table, v7(), {
      ...(within ? { [within]: owner[within] } : {}),
      [o.typeColumn]: kind,
      [o.idColumn]: owner.id,
      sha256: f.sha256,
      file_name: f.name.slice(-255),
      mime_type: f.mime,
      size: f.size,
      display_order: order++,
    });
}

/**
 * Saves a parent with its child rows and their files on the device, in ONE transaction with their outbox
 * entries: the parent's changed fields, then per child entity its removed rows (tombstoned, with what hangs off
 * them), its new rows (with the parent column), its edited rows' changed fields only, each with the base
 * versions the form saw, and each row's removed and added files; then `last`. Picked files are kept in `blobs`
 * first (hashing a photo inside a transaction would let it commit early) and uploaded after the push.
 * Throws rather than drop anything typed: the form then stays unsaved.
 */
export async function saveWithChildren(db: LocalDb, save: TParentSave): Promise<TParentSaved> {
  const id = save.id ?? save.before?.id ?? v7();
  const held = (k: string, v: unknown) => save.after?.includes(k) && (save.before || !emptyValue(v));
  const first = Object.fromEntries(Object.entries(save.values).filter(([k, v]) => !held(k, v)));
  const then = Object.fromEntries(Object.entries(save.values).filter(([k, v]) => held(k, v)));
  const lists = Object.entries(save.children ?? {}).map(([entity, list]) => ({
    entity,
    list,
    column: parentColumn(entity, save.entity),
  }));
  const kept = new Map<TChildSave, TStoredFile[]>();
  for (const { entity, list } of lists)
    for (const row of list.rows)
      if (row.files?.length) {
        fileOwner(entity); // before any bytes are kept: an entity without files refuses them
        const stored: TStoredFile[] = [];
        for (const f of row.files) stored.push(await storeLocalFile(db, f));
        kept.set(row, stored);
      }
  const children: Record<string, string[]> = {};
  await db.transaction('rw', syncTables(db), async () => {
    const parent = changedFields(first, save.before);
    if (Object.keys(parent).length) await putLocal(db, save.entity, id, parent, seenOf(save.before));
    for (const { entity, list, column } of lists) {
      const ids: string[] = (children[entity] = []);
      for (const rid of list.removed ?? []) await deleteLocal(db, entity, rid);
      for (const row of list.rows) {
        const old = row.id ? list.before.find((b) => b.id === row.id) : undefined;
        if (row.id && !old) throw new Error(`${entity} ${row.id} is not a row of this ${save.entity}`);
        const rowId = old?.id ?? v7();
        const values = old ? changedFields(row.values, old) : { ...row.values, [column]: id };
        if (Object.keys(values).length) await putLocal(db, entity, rowId, values, seenOf(old));
        const owner = { ...old, ...row.values, [column]: id, id: rowId };
        await putFiles(db, entity, owner, kept.get(row) ?? [], old ? (row.removedFiles ?? []) : []);
        ids.push(rowId);
      }
    }
    // Compared with what the parent holds after this save: a new row's `last` goes only when it changes it.
    const last = changedFields({ ...then, ...save.last }, { ...save.before, ...first, id });
    if (Object.keys(last).length) await putLocal(db, save.entity, id, last, seenOf(save.before));
  });
  return { id, children, files: [...kept.values()].flat().map((f) => f.sha256) };
}

/**
 * Adds files to a saved row (and removes saved ones, after confirmation), kept on the device and uploaded after
 * the push: a payment's receipts in the Paid Invoice Dialog. Answers the added files' hashes.
 */
export async function saveFiles(
  db: LocalDb,
  entity: string,
  row: TRow,
  files: readonly File[],
  removed: readonly string[] = [],
): Promise<string[]> {
  if (files.length) fileOwner(entity); // before any bytes are kept
  const stored: TStoredFile[] = [];
  for (const f of files) stored.push(await storeLocalFile(db, f));
  // An async scope: Dexie keeps its transaction open across native awaits only for one.
  await db.transaction('rw', syncTables(db), async () => {
    await putFiles(db, entity, row, stored, removed);
  });
  return stored.map((f) => f.sha256);
}
