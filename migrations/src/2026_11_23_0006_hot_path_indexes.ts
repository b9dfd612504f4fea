import type { Kysely } from 'kysely';

/**
 * Indexes for the calls every desk and phone makes all day (issue 8). The case list reads one page of a
 * firm's live, archived-or-not case files newest first: with the firm, archive flag and tombstone leading and
 * the list's order after them, a page is read in order from the index instead of sorting every case file of
 * the firm, and the total is counted from the index alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('petitions_list_idx')
    .on('petitions')
    .columns(['company_id', 'archived', 'deleted_at', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('petitions_list_idx').execute();
}
