import type { TContactRequest } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';

export const listContactRequests = (db: Db, companyId: string): Promise<TContactRequest[]> =>
  db
    .selectFrom('contact_requests')
    .select(['id', 'name', 'email', 'subject', 'message', 'created_at'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findContactRequest = (db: Db, companyId: string, id: string) =>
  db
    .selectFrom('contact_requests')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
