import type { Kysely } from 'kysely';
import { syncedTable } from './lib/synced.ts';

/** Useful links of a firm (part 3 §2.9). */
export async function up(db: Kysely<any>): Promise<void> {
  await syncedTable(db, 'links')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('links_company_idx')
    .on('links')
    .columns(['company_id', 'deleted_at'])
    .execute();
}
