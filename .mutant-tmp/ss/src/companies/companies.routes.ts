import type { FastifyInstance } from 'fastify';
import { can, MSG } from '@lawfirm/shared-types';
import { forbidden, notFound } from '../http/errors.ts';
import { findCompany, listCompanies, toApiCompany } from './companies.repository.ts';
import { deleteCompany, saveCompany } from './companies.mutators.ts';

type IdParams = { Params: { id: string } };

/** Companies (rest-contract 108–111): firms on the platform, managed by the provider firm's admins. */
export async function companiesRoutes(app: FastifyInstance): Promise<void> {
  /** Provider admins see every firm; anyone else sees only their own (the user form reads it). */
  app.get('/api/companies', async (req) => {
    const { actor } = await req.auth();
    if (can(actor, 'companies.manage')) return { companies: (await listCompanies(app.db)).map(toApiCompany) };
    const own = await findCompany(app.db, actor.company_id);
    return { companies: own ? [toApiCompany(own)] : [] };
  });

  app.get<IdParams>('/api/companies/:id', async (req) => {
    const { actor } = await req.auth();
    if (!can(actor, 'companies.manage') && req.params.id !== actor.company_id) throw forbidden();
    const company = await findCompany(app.db, req.params.id);
    if (!company) throw notFound();
    return { company: toApiCompany(company) };
  });

  app.post('/api/companies', async (req) => {
    const { actor } = await req.auth();
    const company = await saveCompany(app.db, actor, req.body);
    return { company, message: MSG.savedOk };
  });

  app.delete<IdParams>('/api/companies/:id', async (req) => {
    const { actor } = await req.auth();
    await deleteCompany(app.db, actor, req.params.id);
    return { message: MSG.deletedOk };
  });
}
