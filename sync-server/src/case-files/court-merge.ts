import { can, MSG, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import type { Row } from '../sync/entities.ts';
import { memoRead } from '../sync/group-memo.ts';
import { isLive } from '../sync/relations.ts';

/** More merges in a row than any firm makes; a bound so a cycle of bad data cannot loop. */
const MAX_HOPS = 10;

/**
 * The court a case file naming `courtId` belongs in: the court itself, or, when an admin merged it (it is
 * deleted and names the court it went into), the court at the end of that chain. A device that filed a case
 * offline in "Sessions Court Lahore" before the merge reached it thus lands the case in the kept court instead
 * of having it refused (the lawyer chose the right court, only under its other name).
 */
export async function courtAfterMerges(trx: Db, companyId: string, courtId: string): Promise<string> {
  let id = courtId;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const at = id;
    // Asked once per group commit for the fifty case files naming one court (sync/group-memo.ts).
    const court = await memoRead(trx, 'courts', at, `firm:${companyId}`, () =>
      trx
        .selectFrom('courts')
        .selectAll()
        .where('id', '=', at)
        .where('company_id', '=', companyId)
        .executeTakeFirst(),
    );
    if (!court?.deleted_at || !court.merged_into) return id;
    id = court.merged_into;
  }
  return id;
}

/** A case file's court_id, moved past merges (see courtAfterMerges); other values untouched. */
export async function withMergedCourt(
  trx: Db,
  actor: TActor,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const court = values.court_id;
  if (typeof court !== 'string' || !court) return values;
  const kept = await courtAfterMerges(trx, actor.company_id, court);
  return kept === court ? values : { ...values, court_id: kept };
}

/**
 * A court is merged only by an admin (a lawyer adding a court may not mark it merged, which would file every
 * case of it elsewhere), and only into another live court of the firm.
 */
export async function checkMergedInto(trx: Db, actor: TActor, row: Row, changed: string[]) {
  if (!changed.includes('merged_into') || !row.merged_into) return null;
  if (!can(actor, 'referenceData.manage')) return MSG.forbidden;
  if (row.merged_into === row.id) return 'A court cannot be merged into itself.';
  return (await isLive(trx, 'courts', actor.company_id, row.merged_into))
    ? null
    : 'The court to keep does not exist.';
}
