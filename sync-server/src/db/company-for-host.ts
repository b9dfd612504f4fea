import { normaliseDomain } from '@lawfirm/shared-types';
import type { Selectable } from 'kysely';
import type { Db } from './connect.ts';
import { containsText } from './query-helpers.ts';
import type { CompanyTable } from './schema.ts';

export type CompanyRow = Selectable<CompanyTable>;

/**
 * The firm a public page or call belongs to: each firm may run on its own domain (the "separate sub-domain" of
 * the firm plan), and everything else is the provider firm's site. Domains are stored as an admin typed them
 * ("https://Firm.example.com/"), so they are compared normalised; the LIKE only narrows the candidates.
 */
export async function companyForHost(db: Db, hostname: string): Promise<CompanyRow> {
  const host = normaliseDomain(hostname).replace(/\.$/, '');
  // A firm's domain is a plain DNS name; anything else in a Host header (junk, wildcards) matches no firm.
  if (/^[a-z0-9.-]+$/.test(host)) {
    const candidates = await db
      .selectFrom('companies')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('domain', 'is not', null)
      .where(containsText('domain', host))
      .execute();
    const match = candidates.find((c) => c.domain && normaliseDomain(c.domain) === host);
    if (match) return match;
  }
  const provider = await db
    .selectFrom('companies')
    .selectAll()
    .where('is_provider', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
  // bootstrap() creates the provider firm at every start, so this is a broken installation, not bad input.
  if (!provider) throw new Error('No provider firm exists: the server was started without bootstrap().');
  return provider;
}
