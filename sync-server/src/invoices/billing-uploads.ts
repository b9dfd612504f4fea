import { sendStoredFile } from '../files/send-file.ts';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  can,
  DEFAULT_SITE_URL,
  MSG_RECEIPT_TYPES,
  RECEIPT_MIME_TYPES,
  RECEIPT_OWNER,
  type TActor,
} from '@lawfirm/shared-types';
import { checkFile, cleanFileName } from '../case-files/attachments.mutators.ts';
import type { TApiAttachment } from '../case-files/case-files.types.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import { forActor, forFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { isStorageName, readFile as readStored, saveFile } from '../files/storage.ts';
import { forbidden, notFound, validationError } from '../http/errors.ts';
import { companyForHost } from '../db/company-for-host.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { legacyStorageHeaders } from '../auth/original-client.ts';
import { settingsEntity } from '../settings/settings.entities.ts';
import { insertSyncedRow, restWriter } from '../sync/system-write.ts';
import { putRow } from '../sync/store.ts';
import { blobKey, storeBlob } from '../uploads/blob-store.ts';
import { paymentReceiptsEntity } from './invoices.entities.ts';
import { loadInvoices, receiptPath } from './invoices.repository.ts';

export const MSG_ONE_LOGO = 'The site keeps one logo: choose one file.';
export const MSG_LOGO_TYPES = 'The site logo must be a png, jpeg or jpg image.';

const MODEL_PREFIX = 'App\\Models\\';
/** The original client's URL of the site logo (rest-contract: settings/1/{site_file_name}). */
export const logoPath = (fileName: string) =>
  `/storage/attachments/settings/1/${encodeURIComponent(fileName)}`;

/** The files of an upload, each checked by its bytes (DESIGN §7) and against `types`. */
async function checkedFiles(
  app: FastifyInstance,
  files: ReceivedFile[],
  types: readonly string[],
  typesMessage: string,
): Promise<ReceivedFile[]> {
  // One at a time: each file is read back into memory for its check.
  for (const f of files) {
    await checkFile(f, app.pdfWorkers);
    if (!types.includes(f.kind!.mime)) throw validationError({ files: [typesMessage] });
  }
  return files;
}

/** The one file of an upload whose owner keeps one (the site logo). */
async function oneFile(
  app: FastifyInstance,
  files: ReceivedFile[],
  types: readonly string[],
  messages: { one: string; types: string },
): Promise<ReceivedFile> {
  if (files.length > 1) throw validationError({ files: [messages.one] });
  return (await checkedFiles(app, files, types, messages.types))[0]!;
}

/**
 * `attachmentable_type` Payment: the files become receipts of the payment (rows of payment_receipts, the ones a
 * device's photos of a receipt make, so every device pulls them), after the payment's last. Only those who may
 * add receipts (admins); a payment of an invoice the caller cannot read is not found.
 */
async function uploadReceipt(
  app: FastifyInstance,
  actor: TActor,
  fields: Record<string, string>,
  files: ReceivedFile[],
): Promise<TApiAttachment[]> {
  if (!paymentReceiptsEntity.canCreate(actor)) throw forbidden();
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
  await checkedFiles(app, files, RECEIPT_MIME_TYPES, MSG_RECEIPT_TYPES);
  for (const f of files)
    await storeBlob(
      app.db,
      app.files,
      actor.company_id,
      { sha256: f.sha256, size: f.size, mime: f.kind!.mime },
      { path: f.path },
    );
  const made = await inTransaction(app.db, async (trx) => {
    // Checked again: the payment may have been deleted while the bytes were stored.
    const payment = await findPayment(trx);
    const firm = forActor(trx, actor);
    let order = await firm.nextDisplayOrder('payment_receipts', { payment_id: paymentId });
    const rows = [];
    for (const f of files) {
      const { row } = await firm.put(paymentReceiptsEntity, newId(), {
        invoice_id: payment.invoice_id,
        owner_type: RECEIPT_OWNER,
        payment_id: paymentId,
        sha256: f.sha256,
        file_name: cleanFileName(f.filename).slice(-255),
        mime_type: f.kind!.mime,
        size: f.size,
        display_order: order++,
      });
      rows.push(row);
    }
    return rows;
  });
  return made.map((r) => ({
    id: r.id,
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
  await saveFile(app.files, [actor.company_id, 'settings', name], await readFile(f.path));
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

const ZFileParams = z.object({ id: z.string().max(200), file: z.string().max(300) });

/** The original client's URLs of a receipt and of the site logo (the bytes, not JSON). */
export async function billingFileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /**
   * A payment's receipt, by the payment and the receipt's file name (unique within the payment): confidential,
   * so only to a signed-in reader of its invoice (a client their own), unless the firm turned on legacy public
   * storage for the original client (README: what that costs).
   */
  app.get(
    '/storage/attachments/Invoice/Payment/:id/:file',
    { onRequest: legacyStorageHeaders, schema: { params: ZFileParams } },
    async (req, reply) => {
      const ctx = app.config.legacyPublicStorage ? null : await req.auth();
      const q = ctx
        ? forFirm(app.db, ctx.actor.company_id).selectFrom('payment_receipts')
        : app.db.selectFrom('payment_receipts');
      const r = await q
        .selectAll()
        .where('payment_id', '=', req.params.id)
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
        {
          name: req.params.file,
          mime: r.mime_type ?? 'application/octet-stream',
        },
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
      const bytes = await readStored(app.files, [companyId, 'settings', name]);
      if (!bytes) throw notFound('File not found.');
      return sendStoredFile(reply, bytes, { name, mime });
    },
  );
}
