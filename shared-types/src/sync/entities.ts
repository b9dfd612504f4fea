import { REFERENCE_DATA_ENTITIES } from '../reference-data/reference-data.entities.ts';
import { CASE_FILE_ENTITIES } from '../case-files/case-files.entities.ts';
import { LIBRARY_ENTITIES } from '../library/library.entities.ts';
import { LIMITATION_ENTITIES } from '../limitation/limitation.entities.ts';
import { FIR_ENTITIES } from '../fir/fir.entities.ts';
import { BILLING_ENTITIES } from '../invoices/invoices.entities.ts';
import { CALENDAR_ENTITIES } from '../calendar/meetings.entities.ts';
import { CASE_NOTICE_ENTITIES } from '../court-day/case-notices.entities.ts';
import { contactRequestsDecl } from '../contact-requests/contact-requests.entities.ts';
import { settingsDecl } from '../settings/settings.entities.ts';
import { usersDecl } from '../users/users.entities.ts';
import { conflictsDecl } from './conflicts.entities.ts';
import { attachmentsEntity } from '../attachments/attachments.entity.ts';
import { dexieSpec, fixedColumns, relationTable, type TEntityDecl } from './entity.ts';

/**
 * THE list of synced entities, explicit and in the order a first sync sends them (reference data before the
 * rows that point at it), composed of each feature's own list. The server builds its entities from it (adding
 * database checks where an entity has them, sync-server/src/entities.ts) and the device its Dexie tables. A device's pull cursor names entities, never positions in this list, so
 * adding an entity anywhere in it never moves a device's place in a first sync.
 */
const OWN_DECLS = [
  ...REFERENCE_DATA_ENTITIES,
  ...LIMITATION_ENTITIES,
  ...FIR_ENTITIES,
  settingsDecl,
  usersDecl,
  contactRequestsDecl,
  ...CASE_FILE_ENTITIES,
  ...LIBRARY_ENTITIES,
  ...BILLING_ENTITIES,
  ...CALENDAR_ENTITIES,
  ...CASE_NOTICE_ENTITIES,
] as const satisfies readonly TEntityDecl[];

/** The one attachment model: the files of every entity whose declaration says it owns files (`files`). */
export const attachmentsDecl = attachmentsEntity(OWN_DECLS);

/** After every owner, so a first sync sends a file's owner before the file. */
export const ENTITY_DECLS = [
  ...OWN_DECLS,
  attachmentsDecl,
  conflictsDecl,
] as const satisfies readonly TEntityDecl[];

export type TEntityName = (typeof ENTITY_DECLS)[number]['name'];
export const ENTITY_NAMES: TEntityName[] = ENTITY_DECLS.map((d) => d.name);

const BY_NAME = new Map<string, TEntityDecl>(ENTITY_DECLS.map((d) => [d.name, d]));
export const entityDecl = (name: string): TEntityDecl | undefined => BY_NAME.get(name);

/** For each entity, the rows that go when one of its rows goes (parents and owners, from the declarations). */
export const RELATIONS = relationTable(ENTITY_DECLS);
export const childRelationsOf = (name: string) => RELATIONS.get(name) ?? [];
export const fixedColumnsOf = (name: string): string[] => {
  const d = BY_NAME.get(name);
  return d ? fixedColumns(d) : [];
};

/** The synced entities as devices store them: Dexie index specs per table (primary key first). */
export const CLIENT_ENTITIES = Object.fromEntries(ENTITY_DECLS.map((d) => [d.name, dexieSpec(d)])) as Record<
  TEntityName,
  string
>;
