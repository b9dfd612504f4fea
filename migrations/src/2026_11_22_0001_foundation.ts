import type { Kysely } from 'kysely';

/**
 * Foundation tables. Dialect-neutral on purpose: ids are UUIDv7 text, instants are ISO text, flags are integer
 * 0/1 (better-sqlite3 cannot bind booleans), JSON is text. Every tenant-owned table has company_id; synced
 * rows carry version (change sequence) and deleted_at (tombstone).
 */
const syncCols = (t: any) =>
  t
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .addColumn('version', 'bigint', (c: any) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text');

export async function up(db: Kysely<any>): Promise<void> {
  await syncCols(
    db.schema
      .createTable('companies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('domain', 'text')
      .addColumn('is_provider', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', (c) => c.notNull())
    .execute();

  await syncCols(
    db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role_id', 'text', (c) => c.references('roles.id'))
      .addColumn('phone', 'text')
      .addColumn('cnic', 'text')
      .addColumn('company_name', 'text')
      .addColumn('address', 'text')
      .addColumn('city', 'text')
      .addColumn('province', 'text')
      .addColumn('zip', 'text')
      .addColumn('avatar_file_name', 'text')
      .addColumn('is_moot_student', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('moot_team_no', 'text')
      .addColumn('moot_institute', 'text')
      .addColumn('is_approved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('approved_at', 'text')
      .addColumn('approved_by', 'text')
      .addColumn('blocked_at', 'text')
      .addColumn('send_email', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  // Login is by email across the platform, so an email names one live account.
  await db.schema.createIndex('users_email_idx').on('users').column('email').execute();
  await db.schema
    .createIndex('users_company_idx')
    .on('users')
    .columns(['company_id', 'created_at'])
    .execute();

  await syncCols(
    db.schema
      .createTable('user_contact_persons')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('name', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('cnic', 'text'),
  ).execute();
  await db.schema
    .createIndex('contact_persons_user_idx')
    .on('user_contact_persons')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // 'refresh' (PWA, rotating) | 'legacy' (original client's day token)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_family_idx').on('sessions').column('family_id').execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await syncCols(
    db.schema
      .createTable('settings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().unique().references('companies.id'))
      .addColumn('site_name', 'text')
      .addColumn('site_email', 'text')
      .addColumn('site_phone', 'text')
      .addColumn('site_url', 'text')
      .addColumn('host_whereby_iframe', 'text')
      .addColumn('public_whereby_iframe', 'text')
      .addColumn('additionalemails', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('invoice_heading', 'text')
      .addColumn('invoice_heading_left', 'text')
      .addColumn('invoice_heading_right', 'text')
      .addColumn('invoice_address', 'text')
      .addColumn('invoice_phone', 'text')
      .addColumn('login_page_content', 'text')
      .addColumn('site_file_name', 'text'),
  ).execute();

  await syncCols(
    db.schema
      .createTable('contact_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('subject', 'text')
      .addColumn('message', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('contact_requests_company_idx')
    .on('contact_requests')
    .columns(['company_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // queued | sent | failed | stored (no SMTP configured)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_company_idx')
    .on('mail_outbox')
    .columns(['company_id', 'created_at'])
    .execute();
  await db.schema.createIndex('mail_outbox_status_idx').on('mail_outbox').column('status').execute();

  // Proof-of-work challenges already spent, so a solved challenge cannot be replayed until it expires.
  await db.schema
    .createTable('captcha_spent')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await syncCols(
    db.schema
      .createTable('courts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('short_title', 'text'),
  ).execute();
  await db.schema.createIndex('courts_company_idx').on('courts').column('company_id').execute();

  await syncCols(
    db.schema
      .createTable('case_categories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('abbreviation', 'text'),
  ).execute();
  await db.schema
    .createIndex('case_categories_company_idx')
    .on('case_categories')
    .column('company_id')
    .execute();

  await syncCols(
    db.schema
      .createTable('case_category_courts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('case_category_id', 'text', (c) => c.notNull().references('case_categories.id'))
      .addColumn('court_id', 'text', (c) => c.notNull().references('courts.id')),
  ).execute();
  await db.schema
    .createIndex('ccc_category_idx')
    .on('case_category_courts')
    .column('case_category_id')
    .execute();
  await db.schema.createIndex('ccc_court_idx').on('case_category_courts').column('court_id').execute();

  await syncCols(
    db.schema
      .createTable('module_types')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('module_id', 'integer', (c) => c.notNull()) // 1 order sheet, 2 naqal form, 3 talbana, 4 synopsis
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('module_types_company_idx')
    .on('module_types')
    .columns(['company_id', 'module_id'])
    .execute();

  await syncCols(
    db.schema
      .createTable('statutes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('statutes_company_idx').on('statutes').column('company_id').execute();

  await syncCols(
    db.schema
      .createTable('limitation_articles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('case_kind', 'text', (c) => c.notNull())
      .addColumn('article', 'text')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('also_known_as', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('period_days', 'integer')
      .addColumn('date_fields', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('limitation_articles_company_idx')
    .on('limitation_articles')
    .column('company_id')
    .execute();

  // Server-wide key/value state (the generated JWT secret lives in the data folder, not here).
  await db.schema
    .createTable('server_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'server_meta',
    'limitation_articles',
    'statutes',
    'module_types',
    'case_category_courts',
    'case_categories',
    'courts',
    'captcha_spent',
    'mail_outbox',
    'password_resets',
    'contact_requests',
    'settings',
    'sessions',
    'user_contact_persons',
    'users',
    'roles',
    'companies',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
