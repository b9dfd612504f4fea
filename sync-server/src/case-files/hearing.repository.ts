import { todayInPakistan } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forFirm, type Firm } from '../sync/firm.ts';

/** The live order sheets of a case file dated `date`, oldest first. */
export const sheetsOn = (firm: Firm, petitionId: string, date: string) =>
  firm
    .live('order_sheets')
    .select(['id'])
    .where('petition_id', '=', petitionId)
    .where('order_sheet_date', '=', date)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The case file's first live order sheet dated today or later (rest-contract 44), or undefined. */
export const nextHearingSheet = (db: Db, companyId: string, petitionId: string) =>
  forFirm(db, companyId)
    .live('order_sheets')
    .select(['id', 'order_sheet_date'])
    .where('petition_id', '=', petitionId)
    .where('order_sheet_date', '>=', todayInPakistan())
    .orderBy('order_sheet_date')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
