import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TActor } from '@lawfirm/shared-types';
import { verifyPdfSig } from './pdf-urls.ts';
import { toBool } from '../db/ids.ts';
import { unauthorized } from '../http/errors.ts';
import { actorOf, findUserById, isProviderCompany } from '../auth/users.repository.ts';

const LINK_INVALID = 'This download link is not valid or has expired.';

/**
 * Who asks for a PDF: the signed `?sig=` of a download link (an <a download> or a new tab sends no bearer
 * token), else the bearer token. A signature names a user, who is re-read like a token's user is: blocking,
 * un-approving or deleting them ends their links too.
 */
export async function pdfActor(app: FastifyInstance, req: FastifyRequest): Promise<TActor> {
  const { sig } = req.query as { sig?: unknown };
  if (sig === undefined) return (await req.auth()).actor;
  const path = req.url.split('?')[0] ?? '';
  const who = verifyPdfSig(app, path, typeof sig === 'string' ? sig : null);
  if (!who) throw unauthorized(LINK_INVALID);
  const user = await findUserById(app.db, who.userId);
  if (!user || !toBool(user.is_approved) || user.company_id !== who.companyId)
    throw unauthorized(LINK_INVALID);
  return actorOf(user, await isProviderCompany(app.db, user.company_id));
}
