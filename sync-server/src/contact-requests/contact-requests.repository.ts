import type { TContactRequest } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';

export const listContactRequests = (db: Db, companyId: string): Promise<TContactRequest[]> =>
  forFirm(db, companyId)
    .live('contact_requests')
    .select(['id', 'name', 'email', 'subject', 'message', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findContactRequest = (db: Db, companyId: string, id: string) =>
  forFirm(db, companyId).find('contact_requests', id);
