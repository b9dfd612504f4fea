import { z } from 'zod';
import { can, MSG, type TActor } from '@lawfirm/shared-types';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/connect.ts';

/** What a write may do beyond the database, inside its transaction (a device's push: mails the REST calls send themselves). */
export type WriteEffects = {
  mail: (trx: Db, mail: { companyId: string; to: string; subject: string; text: string }) => Promise<void>;
  /** Where the firm's people sign in, for links in mails. */
  loginUrl: string;
};

/** How a column travels: flags are 0/1 in the database and booleans on the wire; JSON is text in the database. */
export type Codec = 'text' | 'int' | 'bool' | 'json';

export type Row = Record<string, unknown> & { id: string; company_id: string };

/**
 * Rows of the actor's firm the actor may read: all, none, those where any listed column equals a value, or
 * those of the case files the actor may read (`petition` names the column holding the case file's id).
 */
export type ReadScope =
  'all' | 'none' | { anyOf: { column: string; value: string }[] } | { petition: string };

/** The case files an actor may read, worked out once per pull: every one of the firm's, or these ids. */
export type PetitionAccess = 'all' | ReadonlySet<string>;

export function canReadRow(
  scope: ReadScope,
  row: Record<string, unknown>,
  petitions: PetitionAccess = 'all',
): boolean {
  if (scope === 'all') return true;
  if (scope === 'none') return false;
  if ('petition' in scope) return petitions === 'all' || petitions.has(String(row[scope.petition]));
  return scope.anyOf.some((c) => row[c.column] === c.value);
}

/**
 * One synced entity, declared once: the sync push/pull, the conflict machinery and the REST routes all work
 * from this declaration, so adding an entity is adding an entry here (plus its migration), not new sync code.
 */
export type EntityDef = {
  name: string;
  table: keyof Database;
  /** Columns sent to devices, with their codec. Anything else (password hashes…) never leaves the server. */
  columns: Record<string, Codec>;
  /** Columns a device may write; the rest are the server's. */
  writable: readonly string[];
  /** Validates the whole row after a merge (messages shown to the user when a mutation is rejected). */
  schema: z.ZodType;
  /** Values a create starts from. */
  defaults?: Record<string, unknown>;
  /** Which rows the actor may read: every row of the firm, none, or those matching a column value. */
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

const title = z.string({ error: MSG.titleRequired }).trim().min(1, { error: MSG.titleRequired }).max(255);
const optional = z.string().max(2000).nullish();
const order = z.coerce.number().int().min(0).max(1_000_000).default(0);

const everyone = (): 'all' => 'all';
const manageRef = (a: TActor) => can(a, 'referenceData.manage');
const refUpdate = (a: TActor): true | string => (manageRef(a) ? true : MSG.forbidden);

/** Reference data every member of a firm reads and its admins edit. */
function referenceEntity(
  name: keyof Database,
  columns: Record<string, Codec>,
  schema: z.ZodType,
  defaults: Record<string, unknown> = {},
): EntityDef {
  return {
    name,
    table: name,
    columns: { id: 'text', company_id: 'text', ...columns },
    writable: Object.keys(columns),
    schema,
    defaults,
    readScope: everyone,
    canCreate: manageRef,
    canUpdate: refUpdate,
    canDelete: manageRef,
  };
}

export const ENTITIES: EntityDef[] = [
  referenceEntity(
    'courts',
    { title: 'text', short_title: 'text' },
    z.object({ title, short_title: optional }),
  ),
  referenceEntity(
    'case_categories',
    { title: 'text', abbreviation: 'text' },
    z.object({ title, abbreviation: z.string().trim().max(50).nullish() }),
  ),
  referenceEntity(
    'case_category_courts',
    { case_category_id: 'text', court_id: 'text' },
    z.object({ case_category_id: z.string().min(1), court_id: z.string().min(1) }),
  ),
  referenceEntity(
    'module_types',
    { module_id: 'int', title: 'text', display_order: 'int' },
    z.object({
      module_id: z.coerce
        .number({ error: 'Module field is required.' })
        .int()
        .min(1, { error: 'Module field is required.' })
        .max(4, { error: 'Module field is required.' }),
      title,
      display_order: order,
    }),
    { display_order: 0 },
  ),
  referenceEntity(
    'statutes',
    { title: 'text', display_order: 'int' },
    z.object({ title, display_order: order }),
    { display_order: 0 },
  ),
  referenceEntity(
    'limitation_articles',
    {
      case_kind: 'text',
      article: 'text',
      description: 'text',
      also_known_as: 'json',
      period_days: 'int',
      date_fields: 'json',
      display_order: 'int',
    },
    z.object({
      case_kind: z.enum(['Appeal', 'Application', 'Review', 'Revision', 'Suit']),
      article: z.string().max(20).nullish(),
      description: z.string().trim().min(1).max(2000),
      also_known_as: z.array(z.string()).default([]),
      period_days: z.number().int().min(0).max(36500).nullable(),
      date_fields: z.array(z.string()).default([]),
      display_order: order,
    }),
    { also_known_as: [], date_fields: [], display_order: 0, period_days: null },
  ),
];

export const entityByName = (name: string): EntityDef | undefined => ENTITIES.find((e) => e.name === name);

/** Registers more entities (features declare theirs in their own folder). */
export function registerEntity(def: EntityDef): void {
  if (!entityByName(def.name)) ENTITIES.push(def);
}
