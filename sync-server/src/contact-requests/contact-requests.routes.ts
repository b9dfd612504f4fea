import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ZContactRequestInput, ZMessageResponse } from '@lawfirm/shared-types';
import { companyForHost } from '../db/company-for-host.ts';
import { invalidInput } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import { listContactRequests } from './contact-requests.repository.ts';
import {
  contactValidationError,
  createContactRequest,
  deleteContactRequest,
} from './contact-requests.mutators.ts';
import { ZContactRequestsResponse } from './contact-requests.types.ts';

/** A public form: enough for a person, too few for a script filling a firm's inbox. */
export const CONTACT_REQUESTS_PER_MINUTE = 10;

/** Contact requests (rest-contract 7–9). */
export async function contactRequestsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/contact_requests',
    {
      config: {
        rateLimit: {
          max: CONTACT_REQUESTS_PER_MINUTE,
          timeWindow: '1 minute',
          errorResponseBuilder: () => ({ statusCode: 429, message: MSG.tooManyRequests }),
        },
      },
      schemaErrorFormatter: invalidInput(contactValidationError),
      schema: { body: ZContactRequestInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const company = await companyForHost(app.db, req.hostname);
      await createContactRequest(app.db, company.id, req.body, app.mailer);
      return { message: MSG.savedOk };
    },
  );

  app.get(
    '/api/get_contact_requests',
    { config: { auth: 'contactRequests.manage' }, schema: { response: { 200: ZContactRequestsResponse } } },
    async (req) => {
      const { actor } = await req.authorize('contactRequests.manage');
      return { contact_requests: await listContactRequests(app.db, actor.company_id) };
    },
  );

  /** The original client sends this without a token; we refuse that on purpose (rest-contract, compatibility). */
  app.post(
    '/api/delete_contact_request/:id',
    {
      config: { auth: 'contactRequests.manage' },
      schema: { params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await deleteContactRequest(app.db, actor, req.params.id);
      return { message: MSG.deletedOk };
    },
  );
}
