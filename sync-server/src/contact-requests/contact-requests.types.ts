import { z } from 'zod';
import { ZContactRequest } from '@lawfirm/shared-types';

/** GET /api/get_contact_requests (rest-contract 8). */
export const ZContactRequestsResponse = z.object({ contact_requests: z.array(ZContactRequest) });
