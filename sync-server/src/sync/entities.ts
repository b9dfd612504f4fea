import { ENTITY_DECLS, type TActor, type TEntityDecl, type TEntityName } from '@lawfirm/shared-types';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/connect.ts';

export type { Codec } from '@lawfirm/shared-types';

/** What a write may do beyond the database, inside its transaction (a device's push: mails the REST calls send themselves). */
export type WriteEffects = {
  mail: (trx: Db, mail: { companyId: string; to: string; subject: string; text: string }) => Promise<void>;
  /** Where the firm's people sign in, for links in mails. */
  loginUrl: string;
};

export type Row = Record<string, unknown> & { id: string; company_id: string };

/**
 * Rows of the actor's firm the actor may read: all, none, those where any listed column equals a value, or
 * those whose `column` is in an access set (`set` names one of the registry's access sets, e.g. the case files
 * the actor may read). The sync layer knows access sets only by name; features provide them.
 */
export type ReadScope =
  'all' | 'none' | { anyOf: { column: string; value: string }[] } | { set: string; column: string };

/** The ids of one access set the actor may read: every row of the firm, or these ids. */
export type Access = 'all' | ReadonlySet<string>;
export type AccessSets = Record<string, (db: Db, actor: TActor) => Promise<Access>>;
/** The access sets worked out once per pull. */
export type ResolvedAccess = ReadonlyMap<string, Access>;

export function canReadRow(scope: ReadScope, row: Record<string, unknown>, access: ResolvedAccess): boolean {
  if (scope === 'all') return true;
  if (scope === 'none') return false;
  if ('set' in scope) {
    const ids = access.get(scope.set) ?? new Set<string>();
    return ids === 'all' || ids.has(String(row[scope.column]));
  }
  return scope.anyOf.some((c) => row[c.column] === c.value);
}

/** Who may do what with an entity's rows, and what a write must also check or do: the server's half of an entity. */
export type EntityPolicy = {
  /** Which rows the actor may read. */
  readScope: (actor: TActor) => ReadScope;
  canCreate: (actor: TActor) => boolean;
  /** May the actor change these fields of this row? Answers a message to refuse with, or true. */
  canUpdate: (actor: TActor, row: Row, fields: string[]) => true | string;
  canDelete: (actor: TActor, row: Row) => boolean;
  /** Extra rules that need the database (unique emails…); answers a message to refuse with, or null. */
  check?: (trx: Db, actor: TActor, row: Row, changed: string[]) => Promise<string | null>;
  /** Side effects of a change (approval stamps, ending sessions), inside the same transaction. */
  afterWrite?: (
    trx: Db,
    actor: TActor,
    before: Row | null,
    after: Row,
    changed: string[],
    effects?: WriteEffects,
  ) => Promise<void>;
};

/** One synced entity on the server: the shared declaration (columns, schema, relations) plus its policy. */
export type EntityDef = TEntityDecl & EntityPolicy & { table: keyof Database };

export function serverEntity(decl: TEntityDecl, policy: EntityPolicy): EntityDef {
  return { ...decl, ...policy, table: decl.name as TEntityName };
}
// Every synced entity's table has the entity's name: a declared entity without a table does not compile.
export const TABLES_EXIST: TEntityName extends keyof Database ? true : never = true;

/** The server's entities in the shared order, and the access sets their read scopes name. */
export type SyncRegistry = {
  entities: readonly EntityDef[];
  byName: ReadonlyMap<string, EntityDef>;
  access: AccessSets;
};

/**
 * Pairs every shared declaration with exactly one server entity, in the shared order (a missing or extra one
 * is a start-up error, never a silently unsynced table), and checks every read scope names a known set.
 */
export function createRegistry(defs: readonly EntityDef[], access: AccessSets): SyncRegistry {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const missing = ENTITY_DECLS.filter((d) => !byName.has(d.name)).map((d) => d.name);
  const extra = defs.filter((d) => !ENTITY_DECLS.some((s) => s.name === d.name)).map((d) => d.name);
  if (missing.length || extra.length || byName.size !== defs.length)
    throw new Error(
      `Server entities do not match the shared list (missing ${missing.join()}, extra ${extra.join()})`,
    );
  return { entities: ENTITY_DECLS.map((d) => byName.get(d.name)!), byName, access };
}
