import type { z } from 'zod';
import { can, type TActor, type TPermission } from '../auth/permissions.ts';
import { MSG } from '../common/messages.ts';
import type { TDocumentKind } from '../attachments/sniff.ts';
import type { TDocumentDecl } from '../pdf/document.ts';

/** How a column travels: flags are 0/1 in the database and booleans on the wire; JSON is text in the database. */
export type Codec = 'text' | 'int' | 'bool' | 'json';

/**
 * A parent of a row: `column` holds the id of a live row of `entity` in the same firm. It is fixed when the row
 * is created (a row never moves to another case file or heading), and deleting the parent deletes the row,
 * in the same transaction on the server and at once on the device.
 */
export type TParent = { column: string; entity: string; message: string };

/**
 * A polymorphic owner (attachments): `typeColumn` names the owner's kind as the original API spells it,
 * `idColumn` its id. Known kinds map to entities; the owner must be a live row of the same firm and of the same
 * case file (`sameAs`: a parent column both rows share). Fixed at creation; deleting the owner deletes the row.
 */
export type TOwner = {
  typeColumn: string;
  idColumn: string;
  /** Owner kind -> entity, for the kinds that exist; any other kind is refused. */
  entities: Readonly<Record<string, string>>;
  sameAs?: string;
  /** Per owner kind, the column it shares with its owner instead of `sameAs` (a receipt's invoice). */
  within?: Readonly<Record<string, string>>;
  invalidMessage: string;
  otherCaseMessage: string;
  /** Per owner kind, the messages when the owner is not valid, or of another case file or invoice. */
  invalidMessages?: Readonly<Record<string, string>>;
  otherCaseMessages?: Readonly<Record<string, string>>;
};

/**
 * The files a row of an entity may own (rows of the one `attachments` entity, shared-types/src/attachments/):
 * declared in the owner's own declaration, so adding files to an entity is this one property. The server
 * enforces every part on every write path; the device checks the same before it queues a file.
 */
export type TFilesDecl = {
  /** The owner's kind as the original API spells it (`attachmentable_type`, storage folders): unique. */
  type: string;
  /** The kinds a file may be, judged by its bytes (attachments/sniff.ts). */
  kinds: readonly TDocumentKind[];
  /** Why another kind is refused. */
  kindsMessage: string;
  /** Live files one owner row may have. */
  max: number;
  /** Bytes of one file. */
  maxBytes: number;
  /**
   * The column a file shares with its owner that decides who reads it (`petition_id`: the case file's readers;
   * `invoice_id`: the invoice's). Without one, whoever reads the owner entity reads its files.
   */
  within?: 'petition_id' | 'invoice_id';
  /**
   * Other names the original client gives this kind in `attachmentable_type` and its storage URLs (the correctly
   * spelt `PetitionOrderSheet` for the contract's `PetitonOrderSheet`, a standard index's module type). Files
   * read with their case file (`within: 'petition_id'`) are the original client's case documents: uploaded by
   * POST /api/attachments under {type} or an alias, read at
   * /storage/attachments/petitions/{petition id}/{type or alias}/{owner id}/{file name}
   * (sync-server/src/case-files/attachments.*.ts, from these declarations).
   */
  aliases?: readonly string[];
  /** Why an owner that is not a live row of the firm (or not of the same case file) is refused. */
  invalidMessage?: string;
  /** Why an owner of another case file or invoice than the file names is refused (else `invalidMessage`). */
  otherMessage?: string;
  /** Set when a file, once added, is never changed (only its place in the list): the refusal. */
  fixedMessage?: string;
  /** Two files of one owner never share a name (the original client's URLs name a file by it). */
  uniqueNames?: boolean;
  /**
   * The original client's folder of these files (`Invoice/Payment`): each is read at
   * /storage/attachments/{storagePath}/{owner id}/{file name}, and uploaded by POST /api/attachments with
   * `attachmentable_type` {type} (sync-server/src/attachments/owner-legacy.ts serves both).
   */
  storagePath?: string;
  /**
   * The original client's uploader of these files (library pages) is answered as it always was: POST
   * /api/attachments asks the owner's policy before refusing an upload with no file, and a file whose bytes
   * are no accepted document is refused with `kindsMessage`.
   */
  legacyUploader?: 'policy-first';
};

/**
 * Rows of the actor's firm the actor may read: all, none, those where any listed column equals a value, or
 * those whose `column` is in an access set the server works out (`set`, e.g. 'petitions': the case files the
 * actor may read).
 */
export type TReadScope =
  | 'all'
  | 'none'
  | { anyOf: { column: string; value: string }[] }
  | { set: string; column: string }
  /** Rows any of these scopes reads (the one attachments entity: each owner kind's readers). */
  | { either: readonly TReadScope[] };

/**
 * Who may do what with an entity's rows, from the one permission table: the server enforces it when it applies
 * each write (a role may change while a phone is offline); the device may use it to hide what is not allowed.
 */
export type TEntityPolicy = {
  readScope: (actor: TActor) => TReadScope;
  /** The row is given where it is known (the store's create); without it, whether any row may be created. */
  canCreate: (actor: TActor, row?: Record<string, unknown>) => boolean;
  /** May the actor change these fields of this row? Answers a message to refuse with, or true. */
  canUpdate: (actor: TActor, row: Record<string, unknown>, fields: string[]) => true | string;
  canDelete: (actor: TActor, row: Record<string, unknown>) => boolean;
};

/** Everyone of the firm reads; holders of `permission` create, edit and delete. */
export function permissionPolicy(
  permission: TPermission,
  readScope: TEntityPolicy['readScope'] = () => 'all',
) {
  const allowed = (a: TActor) => can(a, permission);
  return {
    readScope,
    canCreate: allowed,
    canUpdate: (a: TActor) => (allowed(a) ? true : MSG.forbidden),
    canDelete: allowed,
  } satisfies TEntityPolicy;
}

/** Holders of `read` read every row of the firm (others none); of `create` add rows; of `manage` edit and delete. */
export function permissionsPolicy(p: { read: TPermission; create: TPermission; manage: TPermission }) {
  return {
    readScope: (a: TActor) => (can(a, p.read) ? 'all' : 'none'),
    canCreate: (a: TActor) => can(a, p.create),
    canUpdate: (a: TActor) => (can(a, p.manage) ? true : MSG.forbidden),
    canDelete: (a: TActor) => can(a, p.manage),
  } satisfies TEntityPolicy;
}

/**
 * An entity whose documented REST calls are the plain four (GET `path` answering `{ [listKey]: rows }`, GET
 * `path/{id}` answering `{ [rowKey]: row }`, POST `path` creating without an id and updating with one, DELETE
 * `path/{id}`): the server serves them from the declaration, under the entity's policy.
 */
export type TRestDecl = {
  path: `/api/${string}`;
  listKey: string;
  rowKey: string;
  /** The list's order (columns, ascending); then by creation. */
  orderBy?: readonly string[];
};

/**
 * Columns of an entity that some readers' devices do not receive, as the REST calls refuse them those fields:
 * a row goes to an actor for whom `hiddenFrom` answers true without `columns`. Decided per row, so a member
 * still receives their own.
 */
export type THiddenColumns = {
  columns: readonly string[];
  hiddenFrom: (actor: TActor, row: Record<string, unknown>) => boolean;
};

/**
 * One synced entity as every side sees it, declared once in shared-types: the server adds only checks that
 * need its database, the device's Dexie table is built from `indexes`, and REST parsers and forms validate
 * with `schema`.
 */
export type TColumns = Readonly<Record<string, Codec>>;
export type TEntityDecl<
  S extends z.ZodType = z.ZodType,
  N extends string = string,
  C extends TColumns = TColumns,
> = {
  name: N;
  /** Columns sent to devices, with their codec (id and company_id included). */
  columns: C;
  /** Columns a device may write; the rest are the server's. Parent and owner columns only at creation. */
  writable: readonly string[];
  /** The whole row after a merge, with the spec's messages. */
  schema: S;
  /** Values a create starts from. */
  defaults?: Readonly<Record<string, unknown>>;
  /** Dexie indexes besides the primary key `id` (parent columns are indexed whatever is listed here). */
  indexes?: readonly string[];
  parents?: readonly TParent[];
  owner?: TOwner;
  /** The files a row of this entity may own (rows of the one attachments entity). */
  files?: TFilesDecl;
  policy: TEntityPolicy;
  /** Columns only some readers' devices receive (every other column goes to whoever may read the row). */
  hidden?: readonly THiddenColumns[];
  /**
   * Columns holding the SHA-256 of a stored file (GET /files/{sha256}): the file goes only to whoever may read
   * a live row naming it.
   */
  fileColumns?: readonly string[];
  /** Its documented REST calls, when they are the plain four. */
  rest?: TRestDecl;
  /** A document printed from one row (a PDF, and a mail carrying it): shared-types/src/pdf/document.ts. */
  document?: TDocumentDecl;
};

/**
 * A row as `actor`'s device receives it: without the columns hidden from them, nor those columns' field
 * versions (which would tell when a value the device may not see changed).
 */
export function visibleRow<R extends Record<string, unknown>>(decl: TEntityDecl, actor: TActor, row: R): R {
  const hide = (decl.hidden ?? []).filter((h) => h.hiddenFrom(actor, row)).flatMap((h) => h.columns);
  if (!hide.length) return row;
  const out: Record<string, unknown> = { ...row };
  const versions = row.field_versions;
  if (versions && typeof versions === 'object') out.field_versions = { ...versions };
  for (const c of hide) {
    delete out[c];
    if (out.field_versions) delete (out.field_versions as Record<string, unknown>)[c];
  }
  return out as R;
}

/** Declares an entity (identity at run time; keeps the schema's type for inference). */
export const defineEntity = <S extends z.ZodType, const N extends string, const C extends TColumns>(
  decl: TEntityDecl<S, N, C>,
): TEntityDecl<S, N, C> => decl;

type TCodecValue<K> = K extends 'text'
  ? string | null
  : K extends 'int'
    ? number | null
    : K extends 'bool'
      ? boolean | null
      : unknown;
/** What every synced row carries besides its columns (absent on a row made on the device and not yet synced). */
export type TLocalSyncMeta = {
  version?: number;
  field_versions?: Record<string, number>;
  updated_at?: string | null;
  updated_by?: string | null;
  deleted_at?: string | null;
};
/** Columns the server stamps: absent on a row made on the device and not yet synced. */
type TServerStamped = 'company_id' | 'created_at';
type TColumnValues<C> = { [K in keyof C as K extends TServerStamped ? never : K]: TCodecValue<C[K]> } & {
  [K in keyof C as K extends TServerStamped ? K : never]?: TCodecValue<C[K]>;
};
/**
 * A row of an entity as a device holds it, inferred from its declaration: every column with its codec's type,
 * narrowed by the row schema where it validates the column (required text, enums, lists).
 */
export type TRowOf<D> =
  D extends TEntityDecl<infer S, string, infer C>
    ? Omit<TColumnValues<C>, keyof z.output<S>> & z.output<S> & { id: string } & TLocalSyncMeta
    : never;

type TStoredValue<K> = K extends 'text'
  ? string | null
  : K extends 'int'
    ? number | null
    : K extends 'bool'
      ? number
      : K extends 'json'
        ? string
        : unknown;
/**
 * A text or int column's stored type: never null where the row schema's output is never null, as every write
 * of the row is checked against that schema (a required title, a display order); nullable otherwise.
 */
type TStoredColumn<K, V> = K extends 'text' | 'int'
  ? [V] extends [never] // a schema that checks no column (z.object({}) outputs Record<string, never>)
    ? TStoredValue<K>
    : null extends V
      ? TStoredValue<K>
      : undefined extends V
        ? TStoredValue<K>
        : NonNullable<TStoredValue<K>>
  : TStoredValue<K>;
/**
 * A row as the server's database stores it (flags 0/1, JSON as text), declared columns only: the server's
 * table types of a declared entity derive from this (sync-server/src/db/schema.ts), never retyped.
 */
export type TStoredRowOf<D> =
  D extends TEntityDecl<infer S, string, infer C>
    ? {
        -readonly [K in keyof C]: K extends 'id' | 'company_id'
          ? string
          : K extends keyof z.output<S>
            ? TStoredColumn<C[K], z.output<S>[K]>
            : TStoredValue<C[K]>;
      }
    : never;

/** A way a row of `entity` hangs off a parent row: by `column`, and for owners only where `typeColumn` = `typeValue`. */
export type TChildRelation = {
  entity: string;
  column: string;
  typeColumn?: string;
  typeValue?: string;
};

/** The relation table of a registry: for each entity, the relations of rows that go when one of its rows goes. */
export function relationTable(decls: readonly TEntityDecl[]): ReadonlyMap<string, TChildRelation[]> {
  const table = new Map<string, TChildRelation[]>(decls.map((d) => [d.name, []]));
  const add = (parent: string, rel: TChildRelation) => {
    const list = table.get(parent);
    if (!list) throw new Error(`${rel.entity} names ${parent} as a parent, which is not a registered entity`);
    list.push(rel);
  };
  for (const d of decls) {
    for (const p of d.parents ?? []) add(p.entity, { entity: d.name, column: p.column });
    if (d.owner)
      for (const [type, entity] of Object.entries(d.owner.entities))
        add(entity, {
          entity: d.name,
          column: d.owner.idColumn,
          typeColumn: d.owner.typeColumn,
          typeValue: type,
        });
  }
  return table;
}

/** The columns of a row that are fixed when it is created: its parents and its owner. */
export function fixedColumns(decl: TEntityDecl): string[] {
  const cols = (decl.parents ?? []).map((p) => p.column);
  if (decl.owner) cols.push(decl.owner.typeColumn, decl.owner.idColumn);
  return cols;
}

/** The relations of an entity: what a device keeps of its declaration to find the rows a row hangs off. */
export type TRelations = Pick<TEntityDecl, 'parents' | 'owner'>;

/** The rows a row hangs off, as [entity, id] pairs (its parents and its owner), for local lookups. */
export function parentsOf(decl: TRelations, row: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  for (const p of decl.parents ?? []) {
    const v = row[p.column];
    if (typeof v === 'string' && v) out.push([p.entity, v]);
  }
  if (decl.owner) {
    const entity = decl.owner.entities[String(row[decl.owner.typeColumn])];
    const v = row[decl.owner.idColumn];
    if (entity && typeof v === 'string' && v) out.push([entity, v]);
  }
  return out;
}

/** The Dexie store spec of an entity: primary key first, then its indexes and every relation column. */
export function dexieSpec(decl: Pick<TEntityDecl, 'indexes' | 'parents' | 'owner'>): string {
  const idx = [...(decl.indexes ?? [])];
  for (const p of decl.parents ?? []) if (!idx.includes(p.column)) idx.push(p.column);
  if (decl.owner) {
    const pair = `[${decl.owner.typeColumn}+${decl.owner.idColumn}]`;
    if (!idx.includes(pair)) idx.push(pair);
  }
  return ['id', ...idx].join(', ');
}

export const MSG_MOVE_REFUSED = 'A record cannot be moved to another case file or heading.';
