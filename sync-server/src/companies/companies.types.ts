import { z } from 'zod';
import { ZCompany } from '@lawfirm/shared-types';

/** GET /api/companies (rest-contract 108). */
export const ZCompaniesResponse = z.object({ companies: z.array(ZCompany) });
/** GET /api/companies/{id} (109). */
export const ZCompanyResponse = z.object({ company: ZCompany });
/** POST /api/companies (110). */
export const ZSaveCompanyResponse = z.object({ company: ZCompany, message: z.string() });
