import type { TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import type { Access } from '../sync/entities.ts';

/**
 * Which case files an actor may read (part 1 §6, issue 4 item 8): admins, lawyers and the firm's staff read
 * every case file of the firm; a student reads the moot cases; a client reads the cases they are a party to.
 * The server decides this from its own rows; a device only ever receives what this allows.
 */
export async function readablePetitions(db: Db, actor: TActor): Promise<Access> {
  if (actor.is_admin || actor.is_lawyer || (!actor.is_student && !actor.is_client)) return 'all';
  if (actor.is_student) {
    const rows = await db
      .selectFrom('petitions')
      .select('id')
      .where('company_id', '=', actor.company_id)
      .where('is_moot_case', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.id));
  }
  const rows = await db
    .selectFrom('petition_parties as pp')
    .innerJoin('petitions as p', 'p.id', 'pp.petition_id')
    .select('p.id')
    .where('pp.company_id', '=', actor.company_id)
    .where('pp.user_id', '=', actor.id)
    .where('pp.deleted_at', 'is', null)
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
  const row = await db
    .selectFrom('petitions')
    .selectAll()
    .where('id', '=', petitionId)
    .where('company_id', '=', actor.company_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return (await canReadPetition(db, actor, petitionId)) ? row : undefined;
}
