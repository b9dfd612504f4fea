import { z } from 'zod';
import { can } from '@lawfirm/shared-types';
import { registerEntity, type EntityDef } from '../sync/entities.ts';

/** Visitors create these through the public form (REST); admins read and delete them on any device. */
export const contactRequestsEntity: EntityDef = {
  name: 'contact_requests',
  table: 'contact_requests',
  columns: {
    id: 'text',
    company_id: 'text',
    name: 'text',
    email: 'text',
    subject: 'text',
    message: 'text',
    created_at: 'text',
  },
  writable: [],
  schema: z.object({}),
  readScope: (a) => (can(a, 'contactRequests.manage') ? 'all' : 'none'),
  canCreate: () => false,
  canUpdate: () => 'Contact requests cannot be edited.',
  canDelete: (a) => can(a, 'contactRequests.manage'),
};
registerEntity(contactRequestsEntity);
