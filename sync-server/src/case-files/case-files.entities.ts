import {
  attachmentsDecl,
  can,
  MSG,
  orderSheetsDecl,
  petitionIndexDecl,
  petitionPartiesDecl,
  petitionsDecl,
  repliesDecl,
  replyParentsDecl,
  type TActor,
  type TEntityDecl,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { serverEntity, type EntityDef, type EntityPolicy } from '../sync/entities.ts';

export { ATTACHMENT_OWNERS } from '@lawfirm/shared-types';

const editors = (a: TActor) => can(a, 'petitions.edit');

/** The case files readable by the actor are the access set 'petitions' (case-files/access.ts). */
const caseFilePolicy = (column: string, extra: Partial<EntityPolicy> = {}): EntityPolicy => ({
  readScope: () => ({ set: 'petitions', column }),
  canCreate: editors,
  canUpdate: (a) => (editors(a) ? true : MSG.forbidden),
  canDelete: editors,
  ...extra,
});

async function liveInFirm(trx: Db, table: keyof Database, companyId: string, id: unknown): Promise<boolean> {
  if (typeof id !== 'string' || !id) return false;
  const r = await trx
    .selectFrom(table as 'courts')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return !!r;
}

export const petitionsEntity = serverEntity(
  petitionsDecl,
  caseFilePolicy('id', {
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
  }),
);

// The parent case file (and reply heading, attachment owner) is checked by the sync store from the declaration.
const caseChild = (decl: TEntityDecl, extra: Partial<EntityPolicy> = {}) =>
  serverEntity(decl, caseFilePolicy('petition_id', extra));

export const petitionPartiesEntity = caseChild(petitionPartiesDecl, {
  check: async (trx, actor, row, changed) =>
    changed.includes('user_id') &&
    row.user_id &&
    !(await liveInFirm(trx, 'users', actor.company_id, row.user_id))
      ? 'The chosen person is not a member of this firm.'
      : null,
});
export const petitionIndexEntity = caseChild(petitionIndexDecl);
export const replyParentsEntity = caseChild(replyParentsDecl);
export const repliesEntity = caseChild(repliesDecl);
// Lawyers add and remove hearing dates, which live on order sheets, so they may delete order sheets too.
export const orderSheetsEntity = caseChild(orderSheetsDecl);
export const attachmentsEntity = caseChild(attachmentsDecl);

export const CASE_ENTITIES: EntityDef[] = [
  petitionsEntity,
  petitionPartiesEntity,
  petitionIndexEntity,
  replyParentsEntity,
  repliesEntity,
  orderSheetsEntity,
  attachmentsEntity,
];
