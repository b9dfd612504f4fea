import {
  can,
  todayInPakistan,
  type TActor,
  type TPartyInput,
  type TPendingTagInput,
  type TPetitionInput,
  type TToggleArchivedInput,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forActor, type ActorFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { requireEditor } from './access.ts';
import { petitionPartiesEntity, petitionsEntity } from './case-files.entities.ts';

/**
 * Makes the parties of one side of a case file exactly `wanted`, in that order. Rows that stay (the same
 * linked user, or the same typed name) keep their ids, so devices see an edit rather than a delete and a new
 * row, and a client's access to the case never blinks; the others are tombstoned or created.
 */
async function replaceParties(
  firm: ActorFirm,
  petitionId: string,
  side: 'petitioner' | 'opponent',
  wanted: TPartyInput[],
): Promise<void> {
  const def = petitionPartiesEntity;
  const current = (await firm.rowsWhere('petition_parties', 'petition_id', [petitionId])).filter(
    (p) => p.side === side,
  );
  const kept = new Set<string>();
  for (const [i, p] of wanted.entries()) {
    const same = current.find(
      (c) => !kept.has(c.id) && (p.user_id ? c.user_id === p.user_id : !c.user_id && c.name === p.name),
    );
    if (same) {
      kept.add(same.id);
      await firm.put(def, same.id, { name: p.name, user_id: p.user_id, display_order: i + 1 });
    } else
      await firm.put(def, newId(), {
        petition_id: petitionId,
        side,
        name: p.name,
        user_id: p.user_id,
        display_order: i + 1,
      });
  }
  for (const c of current) if (!kept.has(c.id)) await firm.remove(def, c.id);
}

/**
 * rest-contract 13: create (no id) or update a case file with its parties. An update writes only what the
 * form sent, so a client that leaves a field out does not clear it; the year defaults to the current year.
 */
export async function savePetition(
  db: Db,
  actor: TActor,
  data: TPetitionInput,
): Promise<{ id: string; created: boolean }> {
  requireEditor(actor);
  return inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    const existing = data.id ? await firm.find('petitions', data.id) : undefined;
    if (data.id && !existing) throw notFound();
    const values: Record<string, unknown> = { case_no: data.case_no, title: data.title };
    if (!existing || data.year !== undefined)
      values.year = data.year ?? Number(todayInPakistan().slice(0, 4));
    // A field the form left out is undefined in the input.
    for (const k of ['court_id', 'petition_type_id', 'institution_date'] as const)
      if (!existing || data[k] !== undefined) values[k] = data[k] ?? null;
    if (data.lawyer_ids !== undefined) values.lawyer_ids = data.lawyer_ids;
    if (data.is_moot_case !== undefined) values.is_moot_case = data.is_moot_case;
    const id = existing?.id ?? newId();
    await firm.put(petitionsEntity, id, values);
    if (data.petitioners) await replaceParties(firm, id, 'petitioner', data.petitioners);
    if (data.opponents) await replaceParties(firm, id, 'opponent', data.opponents);
    return { id, created: !existing };
  });
}

/**
 * rest-contract 14. The case file and everything in it become tombstones in one transaction (the declared
 * relations, the same cascade a device's delete runs). The stored file bytes stay: they are content-addressed
 * and may be shared with other attachments.
 */
export async function deletePetition(db: Db, actor: TActor, id: string): Promise<void> {
  requireEditor(actor);
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (!(await firm.find('petitions', id))) throw notFound();
    await firm.remove(petitionsEntity, id);
  });
}

async function updatePetition(db: Db, actor: TActor, id: string, values: Record<string, unknown>) {
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (!(await firm.find('petitions', id))) throw notFound();
    await firm.put(petitionsEntity, id, values);
  });
}

/** rest-contract 15: archive or bring back (admin or lawyer). */
export async function toggleArchived(db: Db, actor: TActor, data: TToggleArchivedInput): Promise<void> {
  if (!can(actor, 'petitions.archive')) throw forbidden();
  await updatePetition(db, actor, data.petition_id, { archived: data.archived });
}

/** rest-contract 16–17: set or clear the pending tag (library number); an empty tag clears it. */
export async function setPendingTag(
  db: Db,
  actor: TActor,
  data: TPendingTagInput,
  remove: boolean,
): Promise<void> {
  if (!can(actor, 'pendingTag.edit')) throw forbidden();
  await updatePetition(db, actor, data.petition_id, { pending_tag: remove ? null : data.pending_tag });
}
