import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECEIPT_OWNER, type TActor } from '@lawfirm/shared-types';
import { legacyStorageHeaders } from '../auth/original-client.ts';
import { checkAndStoreFiles, fileOwner, putOwnerFiles } from '../attachments/owner-files.ts';
import type { TApiAttachment } from '../case-files/case-files.types.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { sendStoredFile } from '../files/send-file.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { forActor, forFirm } from '../sync/firm.ts';
import { blobKey } from '../uploads/blob-store.ts';
import { loadInvoices, receiptPath } from './invoices.repository.ts';

/**
 * A payment's receipts as the original client reaches them: files of the payment in the one attachment model
 * (its declaration's `files`: kinds, number), added through POST /api/attachments with `attachmentable_type`
 * Payment and read at /storage/attachments/Invoice/Payment/{payment id}/{file name}.
 */

const MODEL_PREFIX = 'App\\Models\\';

/**
 * `attachmentable_type` Payment: the files become receipts of the payment (the rows a device's photos of a
 * receipt make, so every device pulls them), after the payment's last. Only those who may add receipts
 * (admins); a payment of an invoice the caller cannot read is not found.
 */
export async function uploadReceipt(
  app: FastifyInstance,
  actor: TActor,
  fields: Record<string, string>,
  files: ReceivedFile[],
): Promise<TApiAttachment[]> {
  const owner = fileOwner(RECEIPT_OWNER);
  if (!owner.policy.canCreate(actor)) throw forbidden();
  const paymentId = (fields.attachmentable_id ?? '').trim();
  const findPayment = async (db: typeof app.db) => {
    const p = paymentId
      ? await forFirm(db, actor.company_id)
          .live('invoice_payments')
          .selectAll()
          .where('id', '=', paymentId)
          .executeTakeFirst()
      : undefined;
    if (!p?.invoice_id || !(await loadInvoices(db, actor, p.invoice_id)).length) throw notFound();
    return p;
  };
  await findPayment(app.db);
  await checkAndStoreFiles(app, actor, owner, files);
  const made = await inTransaction(app.db, async (trx) => {
    // Checked again: the payment may have been deleted while the bytes were stored.
    const payment = await findPayment(trx);
    return putOwnerFiles(forActor(trx, actor), owner, paymentId, files, {
      within: { invoice_id: payment.invoice_id },
    });
  });
  return made.map((r) => ({
    id: String(r.id),
    petition_id: null,
    attachmentable_id: paymentId,
    attachmentable_type: `${MODEL_PREFIX}Payment`,
    file_name: String(r.file_name),
    mime_type: String(r.mime_type),
    size: Number(r.size),
    sha256: String(r.sha256),
    title: null,
    display_order: Number(r.display_order),
    url: receiptPath(paymentId, String(r.file_name)),
  }));
}

const ZFileParams = z.object({ id: z.string().max(200), file: z.string().max(300) });

/**
 * A payment's receipt, by the payment and the receipt's file name (unique within the payment): confidential,
 * so only to a signed-in reader of its invoice (a client their own), unless the firm turned on legacy public
 * storage for the original client (README: what that costs).
 */
export async function receiptFileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/storage/attachments/Invoice/Payment/:id/:file',
    { onRequest: legacyStorageHeaders, schema: { params: ZFileParams } },
    async (req, reply) => {
      const ctx = app.config.legacyPublicStorage ? null : await req.auth();
      const q = ctx
        ? forFirm(app.db, ctx.actor.company_id).selectFrom('attachments')
        : app.db.selectFrom('attachments');
      const r = await q
        .selectAll()
        .where('owner_type', '=', RECEIPT_OWNER)
        .where('owner_id', '=', req.params.id)
        .where('file_name', '=', req.params.file)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .executeTakeFirst();
      if (!r?.invoice_id || !r.sha256) throw notFound('File not found.');
      if (ctx && !(await loadInvoices(app.db, ctx.actor, r.invoice_id).catch(() => [])).length)
        throw notFound('File not found.');
      return sendStoredFile(
        reply,
        { store: app.files, key: blobKey(r.company_id, r.sha256) },
        { name: req.params.file, mime: r.mime_type || 'application/octet-stream' },
      );
    },
  );
}
