import type { Kysely } from 'kysely';

/**
 * Files a queued mail carries (an invoice's PDF). The bytes live in the firm's content-addressed file store
 * (`blobs`), so a mail row stays small and a retried send reads the same bytes. An attachment queued inside a
 * transaction (a device's push) names what makes it (`source`, `source_ref`) and gets its bytes just after the
 * commit, before the mail can be sent; `sha256` is null until then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mail_id', 'text', (c) => c.notNull().references('mail_outbox.id'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('source_ref', 'text')
    .addColumn('file_name', 'text')
    .addColumn('mime_type', 'text')
    .addColumn('sha256', 'text')
    .addColumn('size', 'integer')
    .execute();
  await db.schema
    .createIndex('mail_attachments_mail_idx')
    .on('mail_attachments')
    .columns(['mail_id', 'position'])
    .execute();
  // The mailer looks for files still to make (sha256 null) whenever it is woken, after every device's push.
  await db.schema
    .createIndex('mail_attachments_to_make_idx')
    .on('mail_attachments')
    .column('sha256')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_attachments').execute();
}
