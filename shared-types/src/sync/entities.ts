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
  petitions: 'id, archived, court_id, year, case_no, pending_tag, is_moot_case',
  petition_parties: 'id, petition_id, user_id, name',
  petition_index: 'id, petition_id, [petition_id+display_order]',
  reply_parents: 'id, petition_id',
  replies: 'id, petition_id, reply_parent_id',
  order_sheets: 'id, petition_id, order_sheet_date',
  attachments: 'id, petition_id, [owner_type+owner_id], sha256',
  conflicts: 'id, row_id, resolved_at',
} as const;
export type TEntityName = keyof typeof CLIENT_ENTITIES;
export const ENTITY_NAMES = Object.keys(CLIENT_ENTITIES) as TEntityName[];
