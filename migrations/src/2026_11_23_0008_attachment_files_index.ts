import type { Kysely } from 'kysely';

/**
 * A file is downloaded by its hash only by someone who may read an attachment naming it (issue 9 item 8): the
 * download finds the firm's attachments of that hash from this index, not by reading every attachment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attachments_file_idx')
    .on('attachments')
    .columns(['company_id', 'sha256'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attachments_file_idx').execute();
}
