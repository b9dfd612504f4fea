import type { FastifyRequest } from 'fastify';
import { normaliseDomain } from '@lawfirm/shared-types';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { findSettings } from '../settings/settings.repository.ts';

/**
 * The origin for links in mails. A request on the firm's own domain keeps its users on that site. Otherwise
 * the configured PUBLIC_URL wins over the request's Host: a Host header is chosen by whoever sends the
 * request, and a reset link pointing at an attacker's host would hand them the token. Only an installation
 * with no PUBLIC_URL (a local or first-start setup) falls back to the request's own origin.
 */
export function linkOrigin(config: Config, req: FastifyRequest, companyDomain: string | null): string {
  const own = `${req.protocol}://${req.host}`;
  if (companyDomain && normaliseDomain(companyDomain) === normaliseDomain(req.hostname)) return own;
  return config.publicUrl ? config.publicUrl.replace(/\/+$/, '') : own;
}

/** The name a firm's mails are signed with: its site name, else its firm name. */
export async function siteNameOf(db: Db, companyId: string, fallback: string): Promise<string> {
  return (await findSettings(db, companyId))?.site_name?.trim() || fallback;
}
