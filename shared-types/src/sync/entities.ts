/**
 * The synced entities as devices store them: Dexie index specs per table (primary key first). The server
 * declares the same names in sync-server/src/sync/entities.ts; a name here and there is one entity.
 */
export const CLIENT_ENTITIES = {
  courts: 'id, title',
  case_categories: 'id, title',
  case_category_courts: 'id, case_category_id, court_id',
  module_types: 'id, module_id, [module_id+display_order]',
  statutes: 'id, display_order',
  limitation_articles: 'id, case_kind, display_order',
  settings: 'id',
  users: 'id, email, role_id, created_at',
  contact_requests: 'id, created_at',
  conflicts: 'id, row_id, resolved_at',
} as const;
export type TEntityName = keyof typeof CLIENT_ENTITIES;
export const ENTITY_NAMES = Object.keys(CLIENT_ENTITIES) as TEntityName[];
