import type { TCompany } from '@lawfirm/shared-types';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { CompanyTable } from '../db/schema.ts';
import { toBool } from '../db/ids.ts';

export type CompanyRow = Selectable<CompanyTable>;

export const findCompany = (db: Db, id: string) =>
  db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const listCompanies = (db: Db) =>
  db
    .selectFrom('companies')
    .selectAll()
    .where('deleted_at', 'is', null)
    // The provider firm first, then the newest firms: the list an operator looks at after adding one.
    .orderBy('is_provider', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findProviderCompany = (db: Db) =>
  db
    .selectFrom('companies')
    .selectAll()
    .where('is_provider', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** A live company already using this (normalised) domain, other than `exceptId`. */
export async function domainTaken(db: Db, domain: string, exceptId: string | null): Promise<boolean> {
  let q = db
    .selectFrom('companies')
    .select('id')
    .where('domain', '=', domain)
    .where('deleted_at', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export function toApiCompany(row: CompanyRow): TCompany {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    is_provider: toBool(row.is_provider),
    created_at: row.created_at,
  };
}
