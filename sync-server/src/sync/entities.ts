import {
  ENTITY_DECLS,
  type TActor,
  type TEntityDecl,
  type TEntityName,
  type TEntityPolicy,
  type TReadScope,
} from '@lawfirm/shared-types';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/connect.ts';
import type { Mail } from '../mail/mailer.ts';

export type { Codec } from '@lawfirm/shared-types';

/** What a write may do beyond the database, inside its transaction (a device's push: mails the REST calls send themselves). */
export type WriteEffects = {
  mail: (trx: Db, mail: Mail) => Promise<void>;
  /** Where the firm's people sign in, for links in mails. */
  loginUrl: string;
};

export type Row = Record<string, unknown> & { id: string; company_id: string };

export type ReadScope = TReadScope;

/** The ids of one access set the actor may read: every row of the firm, or these ids. */
export type Access = 'all' | ReadonlySet<string>;
/** Access sets by the name read scopes use (`{ set: 'petitions', column }`): features provide them. */
export type AccessSets = Record<string, (db: Db, actor: TActor) => Promise<Access>>;
/** The access sets worked out once per pull. */
export type ResolvedAccess = ReadonlyMap<string, Access>;

/** The access sets a read scope names (an `either` scope names those of its parts). */
export function setsOf(scope: ReadScope): string[] {
  if (typeof scope !== 'object') return [];
  if ('either' in scope) return scope.either.flatMap(setsOf);
  return 'set' in scope ? [scope.set] : [];
}

export function canReadRow(scope: ReadScope, row: Record<string, unknown>, access: ResolvedAccess): boolean {
  if (scope === 'all') return true;
  if (scope === 'none') return false;
  // A part reads only rows that have its column (a set every id of which is readable reads no empty one).
  if ('either' in scope)
    return scope.either.some(
      (s) => (typeof s !== 'object' || !('set' in s) || row[s.column] != null) && canReadRow(s, row, access),
    );
  if ('set' in scope) {
    const ids = access.get(scope.set) ?? new Set<string>();
    return ids === 'all' || ids.has(String(row[scope.column]));
  }
  return scope.anyOf.some((c) => row[c.column] === c.value);
}

/**
 * A column naming the firm's live rows of another table that are neither its parent nor its owner (a case
 * file's court, category and lawyers): a write setting it to anything else is refused with `message`. Declared,
 * so a group commit reads them for all its mutations together (push.ts) instead of one round trip each.
 */
export type Ref = { table: string; message: string };

/** What a write must also check or do that needs the server's database: the server's half of an entity. */
export type ServerHooks = {
  /** Columns (a string, or a list of strings) naming the firm's live rows of a table: see Ref. */
  refs?: Readonly<Record<string, Ref>>;
  /** Extra rules that need the database (unique emails…); answers a message to refuse with, or null. */
  check?: (trx: Db, actor: TActor, row: Row, changed: string[]) => Promise<string | null>;
  /**
   * Rewrites a write's values before anything else looks at them (a case file filed in a court merged since
   * the device last synced goes to the kept court); answers the values to write.
   */
  prepare?: (trx: Db, actor: TActor, values: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Extra rules of a delete that need the database (a paid invoice's lines stay); a message refuses it. */
  checkDelete?: (trx: Db, actor: TActor, row: Row) => Promise<string | null>;
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

/** One synced entity on the server: the shared declaration (columns, schema, relations, policy) and its hooks. */
export type EntityDef = TEntityDecl & TEntityPolicy & ServerHooks & { table: keyof Database };

export function serverEntity(decl: TEntityDecl, hooks: ServerHooks = {}): EntityDef {
  return { ...decl, ...decl.policy, ...hooks, table: decl.name as TEntityName };
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
 * The server's entities: every shared declaration, in the shared order, with the hooks of those that have
 * them (a hooked entity the shared list does not know is a start-up error). Read scopes must name known sets.
 */
export function createRegistry(hooked: readonly EntityDef[], access: AccessSets): SyncRegistry {
  const byHook = new Map(hooked.map((d) => [d.name, d]));
  const unknown = hooked.filter((d) => !ENTITY_DECLS.some((s) => s.name === d.name)).map((d) => d.name);
  if (unknown.length) throw new Error(`Entities with hooks but no shared declaration: ${unknown.join()}`);
  const entities = ENTITY_DECLS.map((d) => byHook.get(d.name) ?? serverEntity(d));
  return { entities, byName: new Map(entities.map((d) => [d.name, d])), access };
}
