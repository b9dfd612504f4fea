import type { Kysely } from 'kysely';

/**
 * The court day's choices (issue 34). On a user: the language messages to them are written in (`language`,
 * en or ur: a client's "Language"), and their evening reminder of tomorrow's hearings (`reminders_enabled`,
 * `reminder_hour` in Pakistan time). On the firm's settings: the two "Tell client" templates its admin words.
 * Reminders are on for everyone until they turn them off; the others are nullable, null being the default
 * (English; 20:00; the app's own template), so a later change of a default reaches everyone who never chose.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('reminders_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('reminder_hour', 'integer').execute();
  await db.schema.alterTable('settings').addColumn('tell_client_en', 'text').execute();
  await db.schema.alterTable('settings').addColumn('tell_client_ur', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('tell_client_ur').execute();
  await db.schema.alterTable('settings').dropColumn('tell_client_en').execute();
  await db.schema.alterTable('users').dropColumn('reminder_hour').execute();
  await db.schema.alterTable('users').dropColumn('reminders_enabled').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}
