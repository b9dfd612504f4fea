import type { Kysely } from 'kysely';
import { syncedTable } from './lib/synced.ts';

/** The standard index lists of a case file (part 2 §2.3): four tables shaped like the petition index. */
const TABLES = ['oral_arguments', 'case_laws', 'extra_documents', 'judgements'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of TABLES) {
    await syncedTable(db, t)
      .addColumn('petition_id', 'text', (c) => c.notNull())
      .addColumn('document_description', 'text', (c) => c.notNull())
      .addColumn('date', 'text')
      .addColumn('annexure', 'text')
      .addColumn('page_info', 'text')
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex(`${t}_petition_idx`).on(t).columns(['company_id', 'petition_id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [...TABLES].reverse()) await db.schema.dropTable(t).ifExists().execute();
}
