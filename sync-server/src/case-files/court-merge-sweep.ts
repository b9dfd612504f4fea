import type { TActor } from '@lawfirm/shared-types';
import { petitionsEntity } from './case-files.entities.ts';
import type { Db } from '../db/connect.ts';
import type { Row } from '../sync/entities.ts';
import { putRow } from '../sync/store.ts';

/**
 * When a court is marked merged, every live case file of the firm still in it moves to the kept court, on the
 * server, in the same transaction: the admin's device moves the cases it holds, but a case another device
 * pushed since its last pull would otherwise stay in a court about to be deleted. Each move is a logged
 * change every device pulls; the device's own moves that follow write the same value, so no conflict.
 */
export async function moveCasesOfMergedCourt(
  trx: Db,
  actor: TActor,
  before: Row | null,
  after: Row,
  changed: string[],
): Promise<void> {
  const kept = after.merged_into;
  if (!changed.includes('merged_into') || typeof kept !== 'string' || !kept || before?.merged_into === kept)
    return;
  const left = await trx
    .selectFrom('petitions')
    .select('id')
    .where('company_id', '=', actor.company_id)
    .where('court_id', '=', after.id)
    .where('deleted_at', 'is', null)
    .execute();
  for (const p of left) await putRow(trx, actor, petitionsEntity, p.id, { court_id: kept });
}
