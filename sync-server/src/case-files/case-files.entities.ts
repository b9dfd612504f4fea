import {
  attachmentsDecl,
  orderSheetsDecl,
  petitionIndexDecl,
  petitionPartiesDecl,
  petitionsDecl,
  repliesDecl,
  replyParentsDecl,
} from '@lawfirm/shared-types';
import { withMergedCourt } from './court-merge.ts';
import { serverEntity } from '../sync/entities.ts';

export { ATTACHMENT_OWNERS } from '@lawfirm/shared-types';

/**
 * A case file's court, category and lawyers must be the firm's own (its policy and parents are shared); a
 * court merged away since the device synced is read as the court it was merged into.
 */
export const petitionsEntity = serverEntity(petitionsDecl, {
  prepare: withMergedCourt,
  refs: {
    court_id: { table: 'courts', message: 'The court does not exist.' },
    petition_type_id: { table: 'case_categories', message: 'The case category does not exist.' },
    lawyer_ids: { table: 'users', message: 'A chosen lawyer is not a member of this firm.' },
  },
});

export const petitionPartiesEntity = serverEntity(petitionPartiesDecl, {
  refs: { user_id: { table: 'users', message: 'The chosen person is not a member of this firm.' } },
});
// The rest have no server-only checks: their parents and owners are the shared relations the store enforces.
export const petitionIndexEntity = serverEntity(petitionIndexDecl);
export const replyParentsEntity = serverEntity(replyParentsDecl);
export const repliesEntity = serverEntity(repliesDecl);
export const orderSheetsEntity = serverEntity(orderSheetsDecl);
export const attachmentsEntity = serverEntity(attachmentsDecl);
