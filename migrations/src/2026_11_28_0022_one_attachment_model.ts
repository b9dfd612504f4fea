import type { Kysely } from 'kysely';
import { logChange, MIGRATION_WRITER } from './lib/logged-field.ts';
import { syncedTable } from './lib/synced.ts';

/**
 * One attachment model (issue 32 item 2): a library page's files (`library_files`) and a payment's receipts
 * (`payment_receipts`) become rows of `attachments`, where a case document's files already were, named by their
 * owner's kind and id. A receipt keeps its invoice in the new `invoice_id` (the invoice's readers read it, as a
 * case document's file keeps its case file in `petition_id`).
 *
 * Each row keeps its id, so a delete or edit a phone queued against the old table still finds it (sync-server
 * legacy-puts.ts). Each live row moved is a logged change (lib/logged-field.ts), so every device that synced
 * before pulls it into the one table; tombstones move as they are (no device needs them again). The old tables
 * are dropped: a table kept would be a second truth a later write could disagree with.
 */

type Moved = Record<string, unknown> & { id: string; company_id: string; deleted_at: string | null };

/** The columns of an attachments row for a row of an old table, with its sync columns as a new change. */
async function move(db: Kysely<any>, row: Moved, values: Record<string, unknown>): Promise<void> {
  let version = Number(row.version ?? 0);
  let updatedAt = row.updated_at;
  if (!row.deleted_at)
    ({ seq: version, now: updatedAt } = await logChange(db, 'attachments', row.company_id, row.id));
  await db
    .insertInto('attachments')
    .values({
      id: row.id,
      company_id: row.company_id,
      created_at: row.created_at,
      updated_at: updatedAt,
      version,
      deleted_at: row.deleted_at,
      // Every field at the move's change (compact form: the shared value under "*"), written by no member.
      field_versions: JSON.stringify({ '*': version }),
      field_writers: JSON.stringify({ '*': MIGRATION_WRITER }),
      updated_by: row.updated_by ?? null,
      title: null,
      ...values,
    })
    .execute();
}

const FILE_COLUMNS = ['sha256', 'file_name', 'mime_type', 'size', 'display_order'] as const;
const SYNC_COLUMNS = ['id', 'company_id', 'created_at', 'updated_at', 'version', 'deleted_at', 'updated_by'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attachments').addColumn('invoice_id', 'text').execute();
  await db.schema
    .createIndex('attachments_invoice_idx')
    .on('attachments')
    .columns(['company_id', 'invoice_id'])
    .execute();
  await db.schema
    .createIndex('attachments_owner_id_idx')
    .on('attachments')
    .columns(['company_id', 'owner_id'])
    .execute();

  const files = (await db
    .selectFrom('library_files')
    .select([...SYNC_COLUMNS, 'owner_type', 'owner_id', ...FILE_COLUMNS])
    .orderBy('id')
    .execute()) as Moved[];
  for (const f of files)
    await move(db, f, {
      petition_id: null,
      invoice_id: null,
      owner_type: f.owner_type,
      owner_id: f.owner_id,
      ...Object.fromEntries(FILE_COLUMNS.map((c) => [c, f[c]])),
    });

  const receipts = (await db
    .selectFrom('payment_receipts')
    .select([...SYNC_COLUMNS, 'invoice_id', 'payment_id', ...FILE_COLUMNS])
    .orderBy('id')
    .execute()) as Moved[];
  for (const r of receipts)
    await move(db, r, {
      petition_id: null,
      invoice_id: r.invoice_id,
      owner_type: 'Payment',
      owner_id: r.payment_id,
      ...Object.fromEntries(FILE_COLUMNS.map((c) => [c, r[c]])),
    });

  await db.schema.dropTable('library_files').execute();
  await db.schema.dropTable('payment_receipts').execute();
}

/** The owner kind of a receipt, as stored. */
const RECEIPT_OWNER = 'Payment';

export async function down(db: Kysely<any>): Promise<void> {
  await syncedTable(db, 'library_files')
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('library_files_owner_idx')
    .on('library_files')
    .columns(['company_id', 'owner_id'])
    .execute();
  await syncedTable(db, 'payment_receipts')
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
    .addColumn('owner_type', 'text', (c) => c.notNull().defaultTo('Payment'))
    .addColumn('payment_id', 'text', (c) => c.notNull().references('invoice_payments.id'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [name, columns] of [
    ['payment_receipts_payment_idx', ['company_id', 'payment_id']],
    ['payment_receipts_invoice_idx', ['invoice_id']],
    ['payment_receipts_file_idx', ['company_id', 'sha256']],
  ] as const)
    await db.schema
      .createIndex(name)
      .on('payment_receipts')
      .columns([...columns])
      .execute();

  const sync = ['id', 'company_id', 'created_at', 'updated_at', 'version', 'deleted_at', 'updated_by'];
  const keep = ['field_versions', 'field_writers', ...sync, ...FILE_COLUMNS];
  const receipts = await db
    .selectFrom('attachments')
    .select([...keep, 'invoice_id', 'owner_id'])
    .where('owner_type', '=', RECEIPT_OWNER)
    .execute();
  for (const { owner_id, ...r } of receipts)
    await db
      .insertInto('payment_receipts')
      .values({ ...r, owner_type: RECEIPT_OWNER, payment_id: owner_id })
      .execute();
  // Every other file without a case file or invoice belonged to a library page.
  const pageFiles = await db
    .selectFrom('attachments')
    .select([...keep, 'owner_type', 'owner_id'])
    .where('petition_id', 'is', null)
    .where('invoice_id', 'is', null)
    .where('owner_type', '!=', RECEIPT_OWNER)
    .execute();
  for (const f of pageFiles) await db.insertInto('library_files').values(f).execute();
  await db
    .deleteFrom('attachments')
    .where((eb) => eb.or([eb('invoice_id', 'is not', null), eb('petition_id', 'is', null)]))
    .execute();
  await db.schema.dropIndex('attachments_owner_id_idx').execute();
  await db.schema.dropIndex('attachments_invoice_idx').execute();
  await db.schema.alterTable('attachments').dropColumn('invoice_id').execute();
}
