import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, DEFAULT_SITE_URL, type TActor } from '@lawfirm/shared-types';
import { legacyStorageHeaders } from '../auth/original-client.ts';
import { checkFile } from '../attachments/check-file.ts';
import type { TApiAttachment } from '../case-files/case-files.types.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import { companyForHost } from '../db/company-for-host.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { sendStoredFile } from '../files/send-file.ts';
import { isStorageName, readFile as readStored, saveFile } from '../files/storage.ts';
import { forbidden, notFound, validationError } from '../http/errors.ts';
import { putRow } from '../sync/store.ts';
import { insertSyncedRow, restWriter } from '../sync/system-write.ts';
import { settingsEntity } from './settings.entities.ts';
import { findSettings } from './settings.repository.ts';

/**
 * The firm's site logo (About page, landing) as the original client uploads it (POST /api/attachments with
 * `attachmentable_type` Setting) and reads it (/storage/attachments/settings/1/{site_file_name}). Not a file of
 * a row: the settings name one stored file by a server-made name, so it is kept apart from the attachments.
 */

export const MSG_ONE_LOGO = 'The site keeps one logo: choose one file.';
export const MSG_LOGO_TYPES = 'The site logo must be a png, jpeg or jpg image.';

const MODEL_PREFIX = 'App\\Models\\';
/** The original client's URL of the site logo (rest-contract: settings/1/{site_file_name}). */
export const logoPath = (fileName: string) =>
  `/storage/attachments/settings/1/${encodeURIComponent(fileName)}`;

/** The one file of the upload, checked by its bytes (DESIGN §7) and as a png or jpeg. */
function oneLogo(files: ReceivedFile[]): ReceivedFile {
  if (files.length > 1) throw validationError({ files: [MSG_ONE_LOGO] });
  const f = files[0]!;
  checkFile(f);
  if (!['image/png', 'image/jpeg'].includes(f.kind!.mime)) throw validationError({ files: [MSG_LOGO_TYPES] });
  return f;
}

/**
 * `attachmentable_type` Setting: the firm's site logo (About page, landing). The firm is the admin's own,
 * whatever id is sent (the original client sends its settings id, 1); the stored name is made by the server
 * from the bytes' hash, and becomes the settings' site_file_name, which every device pulls.
 */
export async function uploadLogo(
  app: FastifyInstance,
  actor: TActor,
  fields: Record<string, string>,
  files: ReceivedFile[],
): Promise<TApiAttachment[]> {
  if (!can(actor, 'settings.manage')) throw forbidden();
  const sent = (fields.attachmentable_id ?? '').trim();
  const before = await findSettings(app.db, actor.company_id);
  if (sent && sent !== '1' && sent !== 'undefined' && sent !== before?.id) throw notFound();
  const f = oneLogo(files);
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

const ZFileParams = z.object({ id: z.string().max(200), file: z.string().max(300) });

/** The site logo's URL: public like the landing and About pages that show it (the caller's firm, or the host's). */
export async function siteLogoRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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
