import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../http/errors.ts';
import { asSelectOptions } from '../auth/original-client.ts';
import { requireEditor } from './access.ts';
import {
  ZClientSearchQuery,
  ZClientsResponse,
  ZLawyersResponse,
  ZLawyerTotalQuery,
  ZLawyerTotalResponse,
} from './case-files.types.ts';
import { findFirmUser, listLawyers, searchClients } from './people.repository.ts';
import { countLawyerPetitions } from './petitions.repository.ts';

/** The client autocomplete starts after three characters (part 1 §9). */
const MIN_SEARCH = 3;

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
      const clients = await searchClients(app.db, actor.company_id, q);
      return { clients: asSelectOptions(clients, (c) => c.name) };
    },
  );

  app.get(
    '/api/lawyers',
    { config: { auth: 'petitions.edit' }, schema: { response: { 200: ZLawyersResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      requireEditor(actor);
      const lawyers = await listLawyers(app.db, actor.company_id);
      return { lawyers: asSelectOptions(lawyers, (l) => l.name) };
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
      const lawyer = await findFirmUser(app.db, actor.company_id, lawyer_id);
      if (!lawyer) throw notFound();
      return { lawyer_total_petitions: await countLawyerPetitions(app.db, actor, lawyer.id) };
    },
  );
}
