import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { can, MSG, ZCompanyInput, ZMessageResponse } from '@lawfirm/shared-types';
import { forbidden, notFound } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import { findCompany, listCompanies, toApiCompany } from './companies.repository.ts';
import { deleteCompany, saveCompany } from './companies.mutators.ts';
import { ZCompaniesResponse, ZCompanyResponse, ZSaveCompanyResponse } from './companies.types.ts';

/** Companies (rest-contract 108–111): firms on the platform, managed by the provider firm's admins. */
export async function companiesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** Provider admins see every firm; anyone else sees only their own (the user form reads it). */
  app.get(
    '/api/companies',
    { config: { auth: true }, schema: { response: { 200: ZCompaniesResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      if (can(actor, 'companies.manage'))
        return { companies: (await listCompanies(app.db)).map(toApiCompany) };
      const own = await findCompany(app.db, actor.company_id);
      return { companies: own ? [toApiCompany(own)] : [] };
    },
  );

  app.get(
    '/api/companies/:id',
    { config: { auth: true }, schema: { params: ZIdParams, response: { 200: ZCompanyResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      if (!can(actor, 'companies.manage') && req.params.id !== actor.company_id) throw forbidden();
      const company = await findCompany(app.db, req.params.id);
      if (!company) throw notFound();
      return { company: toApiCompany(company) };
    },
  );

  app.post(
    '/api/companies',
    {
      config: { auth: 'companies.manage' },
      schema: { body: ZCompanyInput, response: { 200: ZSaveCompanyResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const company = await saveCompany(app.db, actor, req.body);
      return { company, message: MSG.savedOk };
    },
  );

  app.delete(
    '/api/companies/:id',
    {
      config: { auth: 'companies.manage' },
      schema: { params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await deleteCompany(app.db, actor, req.params.id);
      return { message: MSG.deletedOk };
    },
  );
}
