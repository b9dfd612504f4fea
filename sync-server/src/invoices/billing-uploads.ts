import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, DEFAULT_SITE_URL, type TActor } from '@lawfirm/shared-types';
import { checkFile, cleanFileName } from '../case-files/attachments.mutators.ts';
import type { TApiAttachment } from '../case-files/case-files.types.ts';
import type { ReceivedFile } from '../case-files/multipart-files.ts';
import { forActor, forFirm } from '../db/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { isStorageName, readFile as readStored, saveFile } from '../files/storage.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { forbidden, notFound, validationError } from '../http/errors.ts';
import { companyForHost } from '../companies/company-for-host.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { legacyStorageHeaders } from '../users/original-client.ts';
import { settingsEntity } from '../settings/settings.entity.ts';
import { insertSyncedRow, restWriter } from '../sync/system-write.ts';
import { putRow } from '../sync/store.ts';
import { blobPath, storeBlob } from '../uploads/blob-store.ts';
import { invoicePaymentsEntity } from './invoices.entities.ts';
import { loadInvoices } from './invoices.repository.ts';

export const MSG_ONE_RECEIPT = 'A payment keeps one receipt: choose one file.';
export const MSG_RECEIPT_TYPES = 'A receipt must be a png, jpeg, jpg or pdf file.';
export const MSG_ONE_LOGO = 'The site keeps one logo: choose one file.';
export const MSG_LOGO_TYPES = 'The site logo must be a png, jpeg or jpg image.';

const MODEL_PREFIX = 'App\\Models\\';
/** The original client's storage URL of a payment's receipt (rest-contract: InvoiceThumb, folder Invoice/Payment). */
export const receiptPath = (paymentId: string, fileName: string) =>
  `/storage/attachments/Invoice/Payment/${paymentId}/${encodeURIComponent(fileName)}`;
/** The original client's URL of the site logo (rest-contract: settings/1/{site_file_name}). */
export const logoPath = (fileName: string) =>
  `/storage/attachments/settings/1/${encodeURIComponent(fileName)}`;

/** The one file of an upload whose owner keeps one, checked by its bytes (DESIGN §7) and against `types`. */
async function oneFile(
  app: FastifyInstance,
  files: ReceivedFile[],
  types: readonly string[],
  messages: { one: string; types: string },
): Promise<ReceivedFile> {
  if (files.length > 1) throw validationError({ files: [messages.one] });
  const f = files[0]!;
  await checkFile(f, app.pdfWorkers);
  if (!types.includes(f.kind!.mime)) throw validationError({ files: [messages.types] });
  return f;
}

/**
 * `attachmentable_type` Payment: the receipt of a payment (one per payment: a second upload replaces it), on
 * the payment's receipt columns, the ones a device's photo of a receipt fills, so every device pulls it. Only
 * those who may change payments (admins); a payment of an invoice the caller cannot read is not found.
 */
async function uploadReceipt(
  app: FastifyInstance,
  actor: TActor,
  fields: Record<string, string>,
  files: ReceivedFile[],
): Promise<TApiAttachment[]> {
  if (!invoicePaymentsEntity.canCreate(actor)) throw forbidden();
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
  const f = await oneFile(app, files, ['image/png', 'image/jpeg', 'application/pdf'], {
    one: MSG_ONE_RECEIPT,
    types: MSG_RECEIPT_TYPES,
  });
  const mime = f.kind!.mime;
  await storeBlob(
    app.db,
    app.config.dataDir,
    actor.company_id,
    { sha256: f.sha256, size: f.size, mime },
    { path: f.path },
  );
  const fileName = cleanFileName(f.filename).slice(-255);
  await inTransaction(app.db, async (trx) => {
    // Checked again: the payment may have been deleted while the bytes were stored.
    await findPayment(trx);
    await forActor(trx, actor).put(invoicePaymentsEntity, paymentId, {
      receipt_sha256: f.sha256,
      receipt_file_name: fileName,
      receipt_mime_type: mime,
    });
  });
  return [
    {
      id: paymentId,
      petition_id: null,
      attachmentable_id: paymentId,
      attachmentable_type: `${MODEL_PREFIX}Payment`,
      file_name: fileName,
      mime_type: mime,
      size: f.size,
      sha256: f.sha256,
      title: null,
      display_order: 1,
      url: receiptPath(paymentId, fileName),
    },
  ];
}

/**
 * `attachmentable_type` Setting: the firm's site logo (About page, landing). The firm is the admin's own,
 * whatever id is sent (the original client sends its settings id, 1); the stored name is made by the server
 * from the bytes' hash, and becomes the settings' site_file_name, which every device pulls.
 */
async function uploadLogo(
  app: FastifyInstance,
  actor: TActor,
  fields: Record<string, string>,
  files: ReceivedFile[],
): Promise<TApiAttachment[]> {
  if (!can(actor, 'settings.manage')) throw forbidden();
  const sent = (fields.attachmentable_id ?? '').trim();
  const before = await findSettings(app.db, actor.company_id);
  if (sent && sent !== '1' && sent !== 'undefined' && sent !== before?.id) throw notFound();
  const f = await oneFile(app, files, ['image/png', 'image/jpeg'], {
    one: MSG_ONE_LOGO,
    types: MSG_LOGO_TYPES,
  });
  const name = `site-logo-${f.sha256.slice(0, 16)}.${f.kind!.ext}`;
  await saveFile(app.config.dataDir, [actor.company_id, 'settings', name], await readFile(f.path));
  const id = await inTransaction(app.db, async (trx) => {
    const row = await findSettings(trx, actor.company_id);
    if (row) {
      await putRow(trx, actor, settingsEntity, row.id, { site_file_name: name });
      return row.id;
    }
    const made = await insertSyncedRow(
      trx,
      settingsEntity,
      actor.company_id,
      { id: newId(), site_file_name: name, site_url: DEFAULT_SITE_URL },
      { writer: restWriter(actor), actor },
    );
    return made.id;
  });
  return [
    {
      id,
      petition_id: null,
      attachmentable_id: id,
      attachmentable_type: `${MODEL_PREFIX}Setting`,
      file_name: name,
      mime_type: f.kind!.mime,
      size: f.size,
      sha256: f.sha256,
      title: null,
      display_order: 1,
      url: logoPath(name),
    },
  ];
}

type Upload = typeof uploadReceipt;
/** POST /api/attachments owners that are not documents of a case file (rest-contract 33: Payment, Setting). */
const BILLING_UPLOADS: Readonly<Record<string, Upload>> = { Payment: uploadReceipt, Setting: uploadLogo };

/** The upload of a billing owner named by `attachmentable_type` (bare or App\Models\…), or undefined. */
export function billingUploadFor(type: string | undefined): Upload | undefined {
  const name = (type ?? '').trim().replace(/^App\\Models\\/, '');
  return Object.hasOwn(BILLING_UPLOADS, name) ? BILLING_UPLOADS[name] : undefined;
}

/** A stored file's bytes: images shown in the page, anything else downloaded, never rendered by us. */
async function sendFile(reply: FastifyReply, source: string | Buffer, name: string, mime: string) {
  const size =
    typeof source === 'string'
      ? (
          await stat(source).catch(() => {
            throw notFound('File not found.');
          })
        ).size
      : source.byteLength;
  const disposition = contentDisposition(name);
  return reply
    .header('Content-Type', mime)
    .header('Content-Length', String(size))
    .header(
      'Content-Disposition',
      mime.startsWith('image/') ? disposition.replace(/^attachment/, 'inline') : disposition,
    )
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-cache')
    .send(typeof source === 'string' ? createReadStream(source) : source);
}

const ZFileParams = z.object({ id: z.string().max(200), file: z.string().max(300) });

/** The original client's URLs of a receipt and of the site logo (the bytes, not JSON). */
export async function billingFileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /**
   * A payment's receipt: confidential, so only to a signed-in reader of its invoice (a client their own), unless
   * the firm turned on legacy public storage for the original client (README: what that costs).
   */
  app.get(
    '/storage/attachments/Invoice/Payment/:id/:file',
    { onRequest: legacyStorageHeaders, schema: { params: ZFileParams } },
    async (req, reply) => {
      const ctx = app.config.legacyPublicStorage ? null : await req.auth();
      const q = ctx
        ? forFirm(app.db, ctx.actor.company_id).selectFrom('invoice_payments')
        : app.db.selectFrom('invoice_payments');
      const p = await q
        .selectAll()
        .where('id', '=', req.params.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!p?.receipt_sha256 || !p.invoice_id || p.receipt_file_name !== req.params.file)
        throw notFound('File not found.');
      if (ctx && !(await loadInvoices(app.db, ctx.actor, p.invoice_id).catch(() => [])).length)
        throw notFound('File not found.');
      return sendFile(
        reply,
        blobPath(app.config.dataDir, p.company_id, p.receipt_sha256),
        p.receipt_file_name,
        p.receipt_mime_type ?? 'application/octet-stream',
      );
    },
  );

  /** The site logo: public like the landing and About pages that show it (the caller's firm, or the host's). */
  app.get(
    '/storage/attachments/settings/:id/:file',
    { onRequest: legacyStorageHeaders, schema: { params: ZFileParams } },
    async (req, reply) => {
      const ctx = await req.optionalAuth();
      const companyId = ctx?.actor.company_id ?? (await companyForHost(app.db, req.hostname)).id;
      const s = await findSettings(app.db, companyId);
      const name = req.params.file;
      if (!s?.site_file_name || s.site_file_name !== name || !isStorageName(name))
        throw notFound('File not found.');
      const mime = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
      const bytes = await readStored(app.config.dataDir, [companyId, 'settings', name]);
      if (!bytes) throw notFound('File not found.');
      return sendFile(reply, bytes, name, mime);
    },
  );
}
