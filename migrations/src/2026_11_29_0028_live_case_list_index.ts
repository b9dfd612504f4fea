import { sql, type Kysely } from 'kysely';

/**
 * The case list of a firm of tens of thousands of case files (issue 33). The list reads a page of the firm's
 * live case files, active or archived, newest first (`company_id = ? and archived = ? and deleted_at is null
 * order by created_at desc, id desc`). `petitions_list_idx` (company_id, archived, deleted_at, created_at, id)
 * gives SQLite that order, as SQLite takes `is null` for an equality; PostgreSQL does not, so it read and
 * sorted every case file of the firm for each page (30,300 case files: 350 ms a page, a sequential scan and a
 * sort). This index holds only live case files, in the list's order after the firm and the archive flag, so
 * both engines read a page from it in order and count the total from it alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('petitions_live_list_idx')
    .on('petitions')
    .columns(['company_id', 'archived', 'created_at', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('petitions_live_list_idx').execute();
}
