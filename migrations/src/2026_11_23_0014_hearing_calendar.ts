import type { Kysely } from 'kysely';

/**
 * Each user's hearing calendar choices (issue 13): the private feed's token, kept only as its SHA-256 (the URL
 * is shown once, when made; rotating it replaces the hash, so the old URL stops at once), and whether the
 * daily digest of tomorrow's hearings is mailed to them. `daily_runs` records each daily job's day once, so
 * several server processes sharing one database send a digest once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_subscriptions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('feed_token_hash', 'text', (c) => c.unique())
    .addColumn('feed_created_at', 'text')
    .addColumn('digest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('daily_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('ran_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_runs_pk', ['job', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('daily_runs').execute();
  await db.schema.dropTable('calendar_subscriptions').execute();
}
