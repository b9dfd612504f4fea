import { can, type TActor, type TStandardModuleType } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forActor, forFirm } from '../sync/firm.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { Access, EntityDef } from '../sync/entities.ts';

/** The tables of a case file: the case file itself and the rows that hang off it. */
export type CaseTable =
  | 'petitions'
  | 'petition_parties'
  | 'petition_index'
  | 'reply_parents'
  | 'replies'
  | 'order_sheets'
  | 'attachments'
  | TStandardModuleType;

/**
 * Which case files an actor may read (part 1 §6, issue 4 item 8): admins, lawyers and the firm's staff read
 * every case file of the firm; a student reads the moot cases; a client reads the cases they are a party to.
 * The server decides this from its own rows; a device only ever receives what this allows.
 */
export async function readablePetitions(db: Db, actor: TActor): Promise<Access> {
  if (actor.is_admin || actor.is_lawyer || (!actor.is_student && !actor.is_client)) return 'all';
  const firm = forFirm(db, actor.company_id);
  if (actor.is_student) {
    const rows = await firm.live('petitions').select('id').where('is_moot_case', '=', 1).execute();
    return new Set(rows.map((r) => r.id));
  }
  const rows = await firm
    .live('petition_parties')
    .innerJoin('petitions as p', 'p.id', 'petition_parties.petition_id')
    .select('p.id')
    .where('petition_parties.user_id', '=', actor.id)
    .where('p.deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function canReadPetition(db: Db, actor: TActor, petitionId: string): Promise<boolean> {
  const access = await readablePetitions(db, actor);
  return access === 'all' || access.has(petitionId);
}

/** The live case file `id` of the actor's firm, when the actor may read it; undefined otherwise. */
export async function findReadablePetition(db: Db, actor: TActor, petitionId: string) {
  const row = await forFirm(db, actor.company_id).find('petitions', petitionId);
  if (!row) return undefined;
  return (await canReadPetition(db, actor, petitionId)) ? row : undefined;
}

/**
 * A live row of the firm that belongs to a case file the actor may read; 404 for anything else, so another
 * firm's ids and case files the caller may not see are indistinguishable from ids that never existed.
 */
export async function findReadable(db: Db, actor: TActor, table: CaseTable, id: string) {
  const row = await forFirm(db, actor.company_id).find(table, id);
  if (!row) throw notFound();
  const petitionId = table === 'petitions' ? row.id : row.petition_id;
  if (!petitionId || !(await canReadPetition(db, actor, petitionId))) throw notFound();
  return row;
}

/** Students and clients read case files; only admins and lawyers change them (part 1 §6). */
export function requireEditor(actor: TActor): void {
  if (!can(actor, 'petitions.edit')) throw forbidden();
}

/**
 * Saves a drag-and-drop order of one list of a case file (index items, replies, reply headings); rows of a
 * case file the actor may not read are refused like unknown ones.
 */
export const reorderCaseRows = (
  trx: Db,
  actor: TActor,
  entity: EntityDef,
  ids: readonly string[],
  listColumn: string,
): Promise<void> =>
  forActor(trx, actor).reorder(entity, ids, listColumn, async (row) => {
    if (!(await canReadPetition(trx, actor, String(row.petition_id)))) throw notFound();
  });
