import type { Kysely } from 'kysely';

/**
 * Case files (part 1): petitions with their parties, index items, reply parents and replies, order sheets
 * (which carry the hearing dates) and attachments. Every table is a synced, tenant-owned table: company_id,
 * version, tombstone, per-field versions and writers.
 */
const synced = (t: any) =>
  t
    .addColumn('id', 'text', (c: any) => c.primaryKey())
    .addColumn('company_id', 'text', (c: any) => c.notNull().references('companies.id'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .addColumn('version', 'bigint', (c: any) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('field_versions', 'text', (c: any) => c.notNull().defaultTo('{}'))
    .addColumn('field_writers', 'text', (c: any) => c.notNull().defaultTo('{}'))
    .addColumn('updated_by', 'text');

export const CASE_TABLES = [
  'petitions',
  'petition_parties',
  'petition_index',
  'reply_parents',
  'replies',
  'order_sheets',
  'attachments',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await synced(db.schema.createTable('petitions'))
    .addColumn('case_no', 'text', (c: any) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('title', 'text', (c: any) => c.notNull())
    .addColumn('court_id', 'text')
    .addColumn('petition_type_id', 'text')
    .addColumn('institution_date', 'text')
    .addColumn('is_moot_case', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('archived', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('pending_tag', 'text')
    .addColumn('lawyer_ids', 'text', (c: any) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('petitions_company_idx')
    .on('petitions')
    .columns(['company_id', 'archived'])
    .execute();

  await synced(db.schema.createTable('petition_parties'))
    .addColumn('petition_id', 'text', (c: any) => c.notNull())
    .addColumn('side', 'text', (c: any) => c.notNull()) // petitioner | opponent
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('display_order', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();

  for (const t of ['petition_index', 'replies']) {
    let q = synced(db.schema.createTable(t)).addColumn('petition_id', 'text', (c: any) => c.notNull());
    if (t === 'replies') q = q.addColumn('reply_parent_id', 'text', (c: any) => c.notNull());
    await q
      .addColumn('document_description', 'text', (c: any) => c.notNull())
      .addColumn('date', 'text')
      .addColumn('annexure', 'text')
      .addColumn('page_info', 'text')
      .addColumn('display_order', 'integer', (c: any) => c.notNull().defaultTo(0))
      .execute();
  }

  await synced(db.schema.createTable('reply_parents'))
    .addColumn('petition_id', 'text', (c: any) => c.notNull())
    .addColumn('title', 'text', (c: any) => c.notNull())
    .addColumn('display_order', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();

  await synced(db.schema.createTable('order_sheets'))
    .addColumn('petition_id', 'text', (c: any) => c.notNull())
    .addColumn('order_sheet_type_id', 'text')
    .addColumn('order_sheet_date', 'text', (c: any) => c.notNull())
    .execute();

  await synced(db.schema.createTable('attachments'))
    .addColumn('petition_id', 'text')
    .addColumn('owner_type', 'text', (c: any) => c.notNull()) // PetitionIndex | PetitionReply | PetitonOrderSheet | …
    .addColumn('owner_id', 'text', (c: any) => c.notNull())
    .addColumn('sha256', 'text', (c: any) => c.notNull())
    .addColumn('file_name', 'text', (c: any) => c.notNull())
    .addColumn('mime_type', 'text', (c: any) => c.notNull())
    .addColumn('size', 'bigint', (c: any) => c.notNull().defaultTo(0))
    .addColumn('title', 'text')
    .addColumn('display_order', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();

  for (const t of [
    'petition_parties',
    'petition_index',
    'reply_parents',
    'replies',
    'order_sheets',
    'attachments',
  ])
    await db.schema.createIndex(`${t}_petition_idx`).on(t).columns(['company_id', 'petition_id']).execute();
  await db.schema.createIndex('petition_parties_user_idx').on('petition_parties').column('user_id').execute();
  await db.schema
    .createIndex('attachments_owner_idx')
    .on('attachments')
    .columns(['owner_type', 'owner_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [...CASE_TABLES].reverse()) await db.schema.dropTable(t).ifExists().execute();
}
