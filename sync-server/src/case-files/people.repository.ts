import { ROLE_IDS } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { containsText } from '../db/query-helpers.ts';

const MAX_SUGGESTIONS = 50;
/** Who may be assigned to a case file as its lawyer (moot students signed up as ASSOCIATE are not). */
const LAWYER_ROLES = [ROLE_IDS.ADMIN, ROLE_IDS.LAWYER, ROLE_IDS.PARTNER, ROLE_IDS.ASSOCIATE];

/** Clients of the firm whose name contains `text`, by name (rest-contract 20). */
export const searchClients = (db: Db, companyId: string, text: string) =>
  forFirm(db, companyId)
    .live('users')
    .select(['id', 'name'])
    .where('role_id', '=', ROLE_IDS.CLIENT)
    .where(containsText('name', text))
    .orderBy('name')
    .orderBy('id')
    .limit(MAX_SUGGESTIONS)
    .execute();

/** The approved members of the firm a case file can name as its lawyers, by name (rest-contract 21). */
export const listLawyers = (db: Db, companyId: string) =>
  forFirm(db, companyId)
    .live('users')
    .select(['id', 'name'])
    .where('role_id', 'in', LAWYER_ROLES)
    .where('is_moot_student', '=', 0)
    .where('is_approved', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();

/** A live user of the firm, or undefined. */
export const findFirmUser = (db: Db, companyId: string, id: string) =>
  forFirm(db, companyId).find('users', id);
