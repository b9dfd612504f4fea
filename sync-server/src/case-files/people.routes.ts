import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { containsText } from '../db/query-helpers.ts';
import { notFound, parse } from '../http/errors.ts';
import { requireEditor } from './case-rows.ts';
import { requiredId } from './case-files.schema.ts';
import { countLawyerPetitions } from './petitions.repository.ts';

/** The client autocomplete starts after three characters (part 1 §9). */
const MIN_SEARCH = 3;
const MAX_SUGGESTIONS = 50;
/** Who may be assigned to a case file as its lawyer (moot students signed up as ASSOCIATE are not). */
const LAWYER_ROLES = [ROLE_IDS.ADMIN, ROLE_IDS.LAWYER, ROLE_IDS.PARTNER, ROLE_IDS.ASSOCIATE];

const ZClientSearch = z.object({
  serach_param: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' ? v.trim() : '')),
});
const ZLawyerTotal = z.object({ lawyer_id: requiredId('The lawyer is required.') });

/** The people pickers of the case form (rest-contract 20–22). */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  /** Clients of the firm whose name contains the text; only those who edit case files look people up. */
  app.get('/api/clients', async (req) => {
    const { actor } = await req.auth();
    requireEditor(actor);
    const { serach_param: q } = parse(ZClientSearch, req.query);
    if (q.length < MIN_SEARCH) return { clients: [] };
    const clients = await app.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('company_id', '=', actor.company_id)
      .where('role_id', '=', ROLE_IDS.CLIENT)
      .where('deleted_at', 'is', null)
      .where(containsText('name', q))
      .orderBy('name')
      .orderBy('id')
      .limit(MAX_SUGGESTIONS)
      .execute();
    return { clients };
  });

  app.get('/api/lawyers', async (req) => {
    const { actor } = await req.auth();
    requireEditor(actor);
    const lawyers = await app.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('company_id', '=', actor.company_id)
      .where('role_id', 'in', LAWYER_ROLES)
      .where('is_moot_student', '=', 0)
      .where('is_approved', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return { lawyers };
  });

  /** The lawyer profile dialog's "Total Petitions": case files naming the lawyer that the caller may read. */
  app.get('/api/get_lawyer_total_petitions', async (req) => {
    const { actor } = await req.authorize('petitions.read');
    const { lawyer_id } = parse(ZLawyerTotal, req.query);
    const lawyer = await app.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', lawyer_id)
      .where('company_id', '=', actor.company_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!lawyer) throw notFound();
    return { lawyer_total_petitions: await countLawyerPetitions(app.db, actor, lawyer.id) };
  });
}
