import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { defineEntity } from './entity.ts';

/**
 * Conflicts are themselves synced, so both devices (and the firm's admins) see the same list and a resolution
 * made on one reaches the other. Devices never write them directly: only 'conflicts.resolve'.
 */
export const conflictsDecl = defineEntity({
  name: 'conflicts',
  columns: {
    id: 'text',
    company_id: 'text',
    entity: 'text',
    row_id: 'text',
    field: 'text',
    server_value: 'json',
    server_user_id: 'text',
    server_user_name: 'text',
    server_changed_at: 'text',
    client_value: 'json',
    client_user_id: 'text',
    client_user_name: 'text',
    client_changed_at: 'text',
    resolved_at: 'text',
    resolution: 'text',
  },
  writable: [],
  // No device writes one (the policy refuses before any check): the schema states the row the server records.
  schema: z.object({
    entity: z.string(),
    row_id: z.string(),
    field: z.string(),
    client_user_id: z.string(),
    client_changed_at: z.string(),
  }),
  indexes: ['row_id', 'resolved_at'],
  // Everyone sees the conflicts they are part of, admins all of the firm's; only 'conflicts.resolve' writes.
  policy: {
    readScope: (a) =>
      a.is_admin
        ? 'all'
        : {
            anyOf: [
              { column: 'client_user_id', value: a.id },
              { column: 'server_user_id', value: a.id },
            ],
          },
    canCreate: () => false,
    canUpdate: () => MSG.forbidden,
    canDelete: () => false,
  },
});
