import type { FastifyRequest } from 'fastify';
import { normaliseDomain } from '@lawfirm/shared-types';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { configuredOrigin } from '../http/origin.ts';
import { findSettings } from '../settings/settings.repository.ts';

/** The host (with a port only if one was registered) of a firm's domain as an admin typed it, or null. */
function registeredHost(domain: string): string | null {
  const t = domain.trim().toLowerCase();
  try {
    return new URL(t.includes('://') ? t : `https://${t}`).host || null;
  } catch {
    return null;
  }
}

/**
 * The origin for links the server hands out (in mails, and absolute URLs in answers). A request on the firm's
 * own domain (as registered for the firm) keeps its users on that site, named as registered; any other request
 * gets configuredOrigin. Never the request's Host as such, nor a port it added: whoever sends the request
 * chooses it, and a reset link pointing at an attacker's host would hand them the token.
 */
export function linkOrigin(config: Config, req: FastifyRequest | null, companyDomain: string | null): string {
  if (req && companyDomain && normaliseDomain(companyDomain) === normaliseDomain(req.hostname)) {
    const host = registeredHost(companyDomain);
    if (host) return `${req.protocol}://${host}`;
  }
  return configuredOrigin(config);
}

/** linkOrigin for the firm `companyId`. */
export async function firmLinkOrigin(
  db: Db,
  config: Config,
  req: FastifyRequest | null,
  companyId: string,
): Promise<string> {
  const company = await db
    .selectFrom('companies')
    .select('domain')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return linkOrigin(config, req, company?.domain ?? null);
}

/** The name a firm's mails are signed with: its site name, else its firm name. */
export async function siteNameOf(db: Db, companyId: string, fallback: string): Promise<string> {
  return (await findSettings(db, companyId))?.site_name?.trim() || fallback;
}

/** The link of a password-reset token: the app's reset screen (`welcome`: the new account's first password). */
export function resetLink(origin: string, token: string, email: string, welcome = false): string {
  const query = `token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
  return `${origin}/reset-password?${query}${welcome ? '&welcome=1' : ''}`;
}
