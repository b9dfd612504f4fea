import { createHash } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { blobKey, readAll, type TFileStore } from '../files/file-store.ts';
import { storeBlob } from '../uploads/blob-store.ts';

/** A file as a mail carries it. */
export type MailFile = { fileName: string; mimeType: string; bytes: Uint8Array };
/**
 * An attachment of a queued mail: its bytes now, or what makes them (`source` names a maker of
 * MailAttachmentSources, `ref` what it makes, e.g. an invoice's id). A mail queued inside a transaction (a
 * device's push) names its attachment: a PDF is never built while a transaction is open. The maker runs just
 * after the commit, before the mail can be sent, so the file is the record as it was saved.
 */
export type MailAttachment = MailFile | { source: string; ref: string };
/** The makers of attachments by name, an explicit list built where the app is (app.ts). */
export type MailAttachmentSources = Readonly<
  Record<string, (companyId: string, ref: string) => Promise<MailFile>>
>;

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Keeps a file's bytes in the firm's content-addressed store (the same bytes twice are one file). */
async function keep(db: Db, files: TFileStore, companyId: string, file: MailFile) {
  const sha256 = sha256Of(file.bytes);
  await storeBlob(
    db,
    files,
    companyId,
    { sha256, size: file.bytes.byteLength, mime: file.mimeType },
    { bytes: file.bytes },
  );
  return { sha256, size: file.bytes.byteLength, file_name: file.fileName, mime_type: file.mimeType };
}

/** Records a new mail's attachments, in order (with the mail, in the caller's transaction when given). */
export async function addMailAttachments(
  db: Db,
  files: TFileStore,
  mail: { id: string; companyId: string },
  attachments: readonly MailAttachment[],
): Promise<void> {
  for (const [position, a] of attachments.entries()) {
    const made =
      'bytes' in a
        ? { ...(await keep(db, files, mail.companyId, a)), source: null, source_ref: null }
        : { source: a.source, source_ref: a.ref, sha256: null, size: null, file_name: null, mime_type: null };
    await db
      .insertInto('mail_attachments')
      .values({ id: newId(), mail_id: mail.id, company_id: mail.companyId, position, ...made })
      .execute();
  }
}

/**
 * Makes the attachments still waiting for their bytes, of mails that may yet be sent or read (queued, or stored
 * without SMTP). A maker that fails (the invoice was deleted meanwhile) counts as a failed attempt of its mail,
 * which fails for good after five, like a refused send.
 */
export async function makePendingAttachments(
  db: Db,
  files: TFileStore,
  sources: MailAttachmentSources,
): Promise<void> {
  const pending = await db
    .selectFrom('mail_attachments as a')
    .innerJoin('mail_outbox as m', 'm.id', 'a.mail_id')
    .select(['a.id', 'a.company_id', 'a.source', 'a.source_ref', 'm.id as mail_id', 'm.attempts'])
    .where('a.sha256', 'is', null)
    .where('m.status', 'in', ['queued', 'stored'])
    .orderBy('m.created_at')
    .limit(20)
    .execute();
  for (const a of pending) {
    try {
      const make = a.source ? sources[a.source] : undefined;
      if (!make) throw new Error(`Nothing makes the attachment "${a.source ?? ''}".`);
      const made = await keep(db, files, a.company_id, await make(a.company_id, a.source_ref ?? ''));
      await db.updateTable('mail_attachments').set(made).where('id', '=', a.id).execute();
    } catch (e) {
      const attempts = a.attempts + 1;
      await db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: `The attachment could not be made: ${String(e instanceof Error ? e.message : e)}`.slice(
            0,
            500,
          ),
          ...(attempts >= 5 ? { status: 'failed' as const } : {}),
        })
        .where('id', '=', a.mail_id)
        .execute();
    }
  }
}

async function readStoredBytes(files: TFileStore, companyId: string, sha256: string): Promise<Buffer> {
  const bytes = await readAll(files, blobKey(companyId, sha256));
  if (!bytes) throw new Error(`The attachment's file ${sha256} is not in the file store.`);
  return bytes;
}

/** A mail's attachments with their bytes, for the sender (every one is made: the sender waits for them). */
export async function mailFiles(db: Db, files: TFileStore, mailId: string, companyId: string) {
  const rows = await db
    .selectFrom('mail_attachments')
    .selectAll()
    .where('mail_id', '=', mailId)
    .orderBy('position')
    .execute();
  return Promise.all(
    rows.map(async (r) => ({
      filename: r.file_name ?? 'attachment',
      contentType: r.mime_type ?? 'application/octet-stream',
      content: await readStoredBytes(files, companyId, r.sha256!),
    })),
  );
}

/** The attachments of these mails of the firm as the outbox lists them (made ones have a name and size). */
export async function attachmentsOfMails(db: Db, companyId: string, mailIds: readonly string[]) {
  const out = new Map<
    string,
    { id: string; file_name: string | null; mime_type: string | null; size: number | null }[]
  >();
  if (!mailIds.length) return out;
  const rows = await forFirm(db, companyId)
    .selectFrom('mail_attachments')
    .select(['id', 'mail_id', 'file_name', 'mime_type', 'size'])
    .where('mail_id', 'in', mailIds)
    .orderBy('position')
    .execute();
  for (const { mail_id, ...a } of rows)
    out.set(mail_id, [...(out.get(mail_id) ?? []), { ...a, size: a.size === null ? null : Number(a.size) }]);
  return out;
}

/** One made attachment of the firm's mails, or undefined. */
export const findMailAttachment = (db: Db, companyId: string, id: string) =>
  forFirm(db, companyId)
    .selectFrom('mail_attachments')
    .selectAll()
    .where('id', '=', id)
    .where('sha256', 'is not', null)
    .executeTakeFirst();
