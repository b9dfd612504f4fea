import type { Kysely } from 'kysely';
import { syncedTable } from './lib/synced.ts';

/**
 * Invoices, their expenses and payments, and opinions (part 3 §2.3–§2.6). Money is whole paisa in bigint
 * columns (never floating point); invoice numbers come from one counter row per firm, so two invoices can never
 * share a number however many devices push at once, and a deleted invoice's number is never given again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await syncedTable(db, 'invoices')
    .addColumn('invoice_no', 'integer')
    .addColumn('client_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('client_email', 'text')
    .addColumn('client_company', 'text')
    .addColumn('client_phone', 'text')
    .addColumn('client_address', 'text')
    .addColumn('edit_client', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invoice_status_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('due_date', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('apply_tax', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_percentage', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('attention', 'text')
    .addColumn('contact_person_emails', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('send_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subject', 'text')
    .addColumn('content', 'text')
    .addColumn('services', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('invoices_company_no_uq')
    .on('invoices')
    .columns(['company_id', 'invoice_no'])
    .unique()
    .execute();
  await db.schema
    .createIndex('invoices_company_idx')
    .on('invoices')
    .columns(['company_id', 'deleted_at'])
    .execute();
  await db.schema.createIndex('invoices_client_idx').on('invoices').columns(['client_id']).execute();

  await db.schema
    .createTable('invoice_numbers')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id'))
    .addColumn('last_no', 'integer', (c) => c.notNull())
    .execute();

  for (const table of ['invoice_expenses', 'invoice_payments'] as const) {
    let t = syncedTable(db, table).addColumn('invoice_id', 'text', (c) =>
      c.notNull().references('invoices.id'),
    );
    t =
      table === 'invoice_expenses'
        ? t
            .addColumn('expense', 'text', (c) => c.notNull())
            .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
            .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        : t
            .addColumn('paid_date', 'text', (c) => c.notNull())
            .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
            .addColumn('notes', 'text')
            .addColumn('receipt_sha256', 'text')
            .addColumn('receipt_file_name', 'text')
            .addColumn('receipt_mime_type', 'text');
    await t.execute();
    await db.schema.createIndex(`${table}_invoice_idx`).on(table).columns(['invoice_id']).execute();
  }

  await syncedTable(db, 'opinions')
    .addColumn('client_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('reference_no', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('issuance_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('opinions_company_idx')
    .on('opinions')
    .columns(['company_id', 'deleted_at'])
    .execute();
}
