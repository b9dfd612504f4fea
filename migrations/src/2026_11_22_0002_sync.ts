import { sql, type Kysely } from 'kysely';

/** Tables that sync between devices get per-field versions and who changed them last. */
export const SYNCED_TABLES = [
  'companies',
  'users',
  'user_contact_persons',
  'settings',
  'contact_requests',
  'courts',
  'case_categories',
  'case_category_courts',
  'module_types',
  'statutes',
  'limitation_articles',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of SYNCED_TABLES) {
    await db.schema
      .alterTable(t)
      .addColumn('field_versions', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.alterTable(t).addColumn('updated_by', 'text').execute();
    // field -> client id that wrote it last, so a device's second edit of a field is not a conflict with its first.
    await db.schema
      .alterTable(t)
      .addColumn('field_writers', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }

  // One live account per email, enforced by the database too (two sign-ups at the same moment).
  await db.schema
    .createIndex('users_email_live_uq')
    .on('users')
    .column('email')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  // One change counter per firm. Writers take its row lock, so on PostgreSQL sequence numbers commit in order
  // and a pull can never skip a change that commits later with a smaller number (DESIGN §5, cursor safety).
  await db.schema
    .createTable('sync_state')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id'))
    .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('change_log')
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('change_log_pk', ['company_id', 'seq'])
    .execute();

  await db.schema
    .createTable('sync_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('last_mutation_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_results')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('mutation_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('fields', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_results_pk', ['client_id', 'mutation_id'])
    .execute();

  await db.schema
    .createTable('conflicts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('server_value', 'text')
    .addColumn('server_user_id', 'text')
    .addColumn('server_user_name', 'text')
    .addColumn('server_changed_at', 'text')
    .addColumn('client_value', 'text')
    .addColumn('client_user_id', 'text', (c) => c.notNull())
    .addColumn('client_user_name', 'text')
    .addColumn('client_changed_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolution', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('field_versions', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('field_writers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('conflicts_company_idx')
    .on('conflicts')
    .columns(['company_id', 'resolved_at'])
    .execute();

  // Content-addressed files: one stored copy per firm and SHA-256, however often it is uploaded.
  await db.schema
    .createTable('blobs')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blobs_pk', ['company_id', 'sha256'])
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('uploads_sha_idx').on('uploads').columns(['company_id', 'sha256']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'uploads',
    'blobs',
    'conflicts',
    'sync_results',
    'sync_clients',
    'change_log',
    'sync_state',
  ])
    await db.schema.dropTable(t).ifExists().execute();
  for (const t of SYNCED_TABLES) {
    await db.schema.alterTable(t).dropColumn('field_writers').execute();
    await db.schema.alterTable(t).dropColumn('updated_by').execute();
    await db.schema.alterTable(t).dropColumn('field_versions').execute();
  }
}
