import {
  attachmentsDecl,
  orderSheetsDecl,
  petitionIndexDecl,
  petitionPartiesDecl,
  petitionsDecl,
  repliesDecl,
  replyParentsDecl,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import type { LiveTable } from '../sync/firm.ts';
import { withMergedCourt } from './court-merge.ts';
import { serverEntity } from '../sync/entities.ts';
import { isLive } from '../sync/relations.ts';

export { ATTACHMENT_OWNERS } from '@lawfirm/shared-types';

async function liveInFirm(trx: Db, table: LiveTable, companyId: string, id: unknown): Promise<boolean> {
  return isLive(trx, table, companyId, id);
}

/**
 * A case file's court, category and lawyers must be the firm's own (its policy and parents are shared); a
 * court merged away since the device synced is read as the court it was merged into.
 */
export const petitionsEntity = serverEntity(petitionsDecl, {
  prepare: withMergedCourt,
  check: async (trx, actor, row, changed) => {
    if (
      changed.includes('court_id') &&
      row.court_id &&
      !(await liveInFirm(trx, 'courts', actor.company_id, row.court_id))
    )
      return 'The court does not exist.';
    if (
      changed.includes('petition_type_id') &&
      row.petition_type_id &&
      !(await liveInFirm(trx, 'case_categories', actor.company_id, row.petition_type_id))
    )
      return 'The case category does not exist.';
    if (changed.includes('lawyer_ids')) {
      for (const id of (row.lawyer_ids as string[] | null) ?? [])
        if (!(await liveInFirm(trx, 'users', actor.company_id, id)))
          return 'A chosen lawyer is not a member of this firm.';
    }
    return null;
  },
});

export const petitionPartiesEntity = serverEntity(petitionPartiesDecl, {
  check: async (trx, actor, row, changed) =>
    changed.includes('user_id') &&
    row.user_id &&
    !(await liveInFirm(trx, 'users', actor.company_id, row.user_id))
      ? 'The chosen person is not a member of this firm.'
      : null,
});
// The rest have no server-only checks: their parents and owners are the shared relations the store enforces.
export const petitionIndexEntity = serverEntity(petitionIndexDecl);
export const replyParentsEntity = serverEntity(replyParentsDecl);
export const repliesEntity = serverEntity(repliesDecl);
export const orderSheetsEntity = serverEntity(orderSheetsDecl);
export const attachmentsEntity = serverEntity(attachmentsDecl);
