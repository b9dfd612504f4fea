import type { Kysely } from 'kysely';
import { syncedTable } from './lib/synced.ts';

/**
 * The dated document modules (part 2 §2.1–2.2): order sheets (part 1's hearing dates) gain a title and a
 * description; naqal forms, talbana and synopsis are new tables of the same shape.
 */
const NEW = [
  ['naqal_forms', 'naqal_form'],
  ['talbana', 'talbana'],
  ['synopsis', 'synopsis'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_sheets').addColumn('title', 'text').execute();
  await db.schema.alterTable('order_sheets').addColumn('description', 'text').execute();
  for (const [table, prefix] of NEW) {
    await syncedTable(db, table)
      .addColumn('petition_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text')
      .addColumn(`${prefix}_type_id`, 'text')
      .addColumn(`${prefix}_date`, 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .execute();
    await db.schema
      .createIndex(`${table}_petition_idx`)
      .on(table)
      .columns(['company_id', 'petition_id'])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of [...NEW].reverse()) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('order_sheets').dropColumn('description').execute();
  await db.schema.alterTable('order_sheets').dropColumn('title').execute();
}
