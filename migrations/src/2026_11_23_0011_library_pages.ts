import type { Kysely } from 'kysely';
import { syncedTable } from './lib/synced.ts';

/** The columns of every published page after its title (shared-types/src/library/pages.ts). */
const PAGE_COLUMNS = ['content', 'plain_content', 'slug'] as const;

/**
 * The firm's library pages (part 2 §2.7, part 3 §2.7–2.8): propositions, sample contracts and sample pleadings,
 * one published-page shape with each kind's fields; contract categories; and the pages' files.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await syncedTable(db, 'contract_categories')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const pages: [string, string, [string, 'text'][]][] = [
    [
      'general_case_laws',
      'case_title',
      [
        ['keywords', 'text'],
        ['legal_provisions', 'text'],
      ],
    ],
    ['contracts_and_agreements', 'title', [['contract_category_id', 'text']]],
    ['sample_pleadings', 'title', []],
  ];
  for (const [table, titleColumn, extra] of pages) {
    let t = syncedTable(db, table).addColumn(titleColumn, 'text', (c) => c.notNull());
    for (const c of PAGE_COLUMNS) t = t.addColumn(c, 'text');
    t = t.addColumn('published', 'integer', (c) => c.notNull().defaultTo(1));
    for (const [c, type] of extra) t = t.addColumn(c, type);
    await t.execute();
    // A public address names one page of one firm.
    await db.schema.createIndex(`${table}_slug_uq`).on(table).column('slug').unique().execute();
  }
  await syncedTable(db, 'library_files')
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const table of [
    'contract_categories',
    'general_case_laws',
    'contracts_and_agreements',
    'sample_pleadings',
  ])
    await db.schema
      .createIndex(`${table}_company_idx`)
      .on(table)
      .columns(['company_id', 'deleted_at'])
      .execute();
  await db.schema
    .createIndex('library_files_owner_idx')
    .on('library_files')
    .columns(['company_id', 'owner_id'])
    .execute();
}
