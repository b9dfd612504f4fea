import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { syncedTable } from './lib/synced.ts';

/**
 * A payment keeps several receipts (part 3 §2.6 "receipt attachments"), each a row of `payment_receipts`
 * (shared-types invoices.entities.ts), where a payment used to hold one in its receipt_* columns. Each payment's
 * receipt moves into the new table, logged as a change so every device pulls it; the old columns are dropped
 * (nothing reads them any more, and a column kept would be a second truth a later write could disagree with).
 * SQLite (3.35+) and PostgreSQL both drop columns; `down` puts each payment's first receipt back.
 */
export async function up(db: Kysely<any>): Promise<void> {
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
  await db.schema
    .createIndex('payment_receipts_payment_idx')
    .on('payment_receipts')
    .columns(['company_id', 'payment_id'])
    .execute();
  await db.schema
    .createIndex('payment_receipts_invoice_idx')
    .on('payment_receipts')
    .column('invoice_id')
    .execute();
  // A file is served by its hash only to a reader of a row naming it (sync-server read-access.ts).
  await db.schema
    .createIndex('payment_receipts_file_idx')
    .on('payment_receipts')
    .columns(['company_id', 'sha256'])
    .execute();

  const kept = await db
    .selectFrom('invoice_payments as p')
    .leftJoin('blobs as b', (j) =>
      j.onRef('b.company_id', '=', 'p.company_id').onRef('b.sha256', '=', 'p.receipt_sha256'),
    )
    .select([
      'p.id as payment_id',
      'p.company_id as company_id',
      'p.invoice_id as invoice_id',
      'p.receipt_sha256 as sha256',
      'p.receipt_file_name as file_name',
      'p.receipt_mime_type as mime_type',
      'p.deleted_at as deleted_at',
      'b.size as size',
      'b.mime_type as blob_mime',
    ])
    .where('p.receipt_sha256', 'is not', null)
    .orderBy('p.id')
    .execute();
  for (const r of kept) {
    const id = uuidv7();
    const seq = await nextSeq(db, r.company_id);
    const now = new Date().toISOString();
    const columns = ['invoice_id', 'owner_type', 'payment_id', 'sha256', 'file_name', 'mime_type', 'size'];
    await db
      .insertInto('payment_receipts')
      .values({
        id,
        company_id: r.company_id,
        created_at: now,
        updated_at: now,
        version: seq,
        deleted_at: r.deleted_at,
        field_versions: JSON.stringify(
          Object.fromEntries([...columns, 'display_order'].map((c) => [c, seq])),
        ),
        field_writers: '{}',
        updated_by: null,
        invoice_id: r.invoice_id,
        owner_type: 'Payment',
        payment_id: r.payment_id,
        sha256: r.sha256,
        file_name: r.file_name || 'receipt',
        mime_type: r.mime_type ?? r.blob_mime ?? 'application/octet-stream',
        size: Number(r.size ?? 0),
        display_order: 1,
      })
      .execute();
    await db
      .insertInto('change_log')
      .values({ company_id: r.company_id, seq, entity: 'payment_receipts', row_id: id, changed_at: now })
      .execute();
  }

  for (const column of ['receipt_sha256', 'receipt_file_name', 'receipt_mime_type'])
    await db.schema.alterTable('invoice_payments').dropColumn(column).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['receipt_sha256', 'receipt_file_name', 'receipt_mime_type'])
    await db.schema.alterTable('invoice_payments').addColumn(column, 'text').execute();
  const receipts = await db
    .selectFrom('payment_receipts')
    .select(['payment_id', 'sha256', 'file_name', 'mime_type'])
    .where('deleted_at', 'is', null)
    .orderBy('display_order', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  // Written last first, so each payment ends with its first receipt.
  for (const r of receipts)
    await db
      .updateTable('invoice_payments')
      .set({ receipt_sha256: r.sha256, receipt_file_name: r.file_name, receipt_mime_type: r.mime_type })
      .where('id', '=', r.payment_id)
      .execute();
  await db.schema.dropTable('payment_receipts').execute();
}

/** A UUIDv7 (the project's ids: time-ordered, made where the row is made), from node:crypto only. */
function uuidv7(): string {
  const b = randomBytes(16);
  b.writeUIntBE(Date.now(), 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The firm's next change number (as the sync store's change log takes it), for a row every device pulls. */
async function nextSeq(db: Kysely<any>, companyId: string): Promise<number> {
  await db
    .insertInto('sync_state')
    .values({ company_id: companyId, last_seq: 0 })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  const state = await db
    .selectFrom('sync_state')
    .select('last_seq')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const seq = Number(state.last_seq) + 1;
  await db.updateTable('sync_state').set({ last_seq: seq }).where('company_id', '=', companyId).execute();
  return seq;
}
