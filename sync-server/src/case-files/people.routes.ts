import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { forFirm } from '../db/firm.ts';
import { containsText } from '../db/query-helpers.ts';
import { notFound } from '../http/errors.ts';
import { requireEditor } from './access.ts';
import {
  ZClientSearchQuery,
  ZClientsResponse,
  ZLawyersResponse,
  ZLawyerTotalQuery,
  ZLawyerTotalResponse,
} from './case-files.types.ts';
import { countLawyerPetitions } from './petitions.repository.ts';

/** The client autocomplete starts after three characters (part 1 §9). */
const MIN_SEARCH = 3;
const MAX_SUGGESTIONS = 50;
/** Who may be assigned to a case file as its lawyer (moot students signed up as ASSOCIATE are not). */
const LAWYER_ROLES = [ROLE_IDS.ADMIN, ROLE_IDS.LAWYER, ROLE_IDS.PARTNER, ROLE_IDS.ASSOCIATE];

/** The people pickers of the case form (rest-contract 20–22). */
export async function peopleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** Clients of the firm whose name contains the text; only those who edit case files look people up. */
  app.get(
    '/api/clients',
    {
      config: { auth: 'petitions.edit' },
      schema: { querystring: ZClientSearchQuery, response: { 200: ZClientsResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      requireEditor(actor);
      const { serach_param: q } = req.query;
      if (q.length < MIN_SEARCH) return { clients: [] };
      const clients = await forFirm(app.db, actor.company_id)
        .live('users')
        .select(['id', 'name'])
        .where('role_id', '=', ROLE_IDS.CLIENT)
        .where(containsText('name', q))
        .orderBy('name')
        .orderBy('id')
        .limit(MAX_SUGGESTIONS)
        .execute();
      return { clients };
    },
  );

  app.get(
    '/api/lawyers',
    { config: { auth: 'petitions.edit' }, schema: { response: { 200: ZLawyersResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      requireEditor(actor);
      const lawyers = await forFirm(app.db, actor.company_id)
        .live('users')
        .select(['id', 'name'])
        .where('role_id', 'in', LAWYER_ROLES)
        .where('is_moot_student', '=', 0)
        .where('is_approved', '=', 1)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return { lawyers };
    },
  );

  /** The lawyer profile dialog's "Total Petitions": case files naming the lawyer that the caller may read. */
  app.get(
    '/api/get_lawyer_total_petitions',
    {
      config: { auth: 'petitions.read' },
      schema: { querystring: ZLawyerTotalQuery, response: { 200: ZLawyerTotalResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      const { lawyer_id } = req.query;
      const lawyer = await forFirm(app.db, actor.company_id).find('users', lawyer_id);
      if (!lawyer) throw notFound();
      return { lawyer_total_petitions: await countLawyerPetitions(app.db, actor, lawyer.id) };
    },
  );
}
