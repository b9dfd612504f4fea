import type { Kysely } from 'kysely';

/**
 * Failed sign-ins counted per account and per address (issue 9). In the database, not in memory: a flood of
 * junk requests cannot push a locked account's counter out, and on PostgreSQL every server process counts in
 * the same rows. Rows past their window are deleted as the server goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_ends', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_window_ends_idx')
    .on('login_attempts')
    .column('window_ends')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
}
