import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, type TActor } from '@lawfirm/shared-types';
import { PAGE_KINDS, PAGE_PERMISSIONS, type TPageKind } from '@lawfirm/shared-types/library/pages.ts';
import type { TApiAttachment } from '../case-files/case-files.types.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import { forActor, forFirm } from '../sync/firm.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { sendStoredFile } from '../files/send-file.ts';
import { forbidden, notFound, validationError } from '../http/errors.ts';
import { blobKey } from '../files/file-store.ts';
import { legacyStorageHeaders } from '../auth/original-client.ts';
import { checkAndStorePageFiles, pageFilePath, putPageFiles } from './page-files.ts';
import { MSG_SELECT_FILE } from '../case-files/case-files.schema.ts';

/**
 * The library as the original web client reaches its files (issue 31): its uploader posts a page's files to
 * POST /api/attachments with `attachmentable_type` App\Models\GeneralCaseLaw (rest-contract 33; SamplePleading
 * and ContractAndAgreement likewise), and its cards link each page's first file as
 * `/storage/attachments/{sample-pleadings | contracts-and-agreements | Frequently-Asked-Legal-Propositions}/
 * {page id}/{file_name}` (InvoiceThumb.vue).
 */

const MODEL_PREFIX = 'App\\Models\\';

/** The page kind an `attachmentable_type` names (bare or App\Models\…), or undefined. */
export function pageKindOfOwner(type: string | undefined): TPageKind | undefined {
  const name = (type ?? '').trim().replace(/^App\\Models\\/, '');
  return PAGE_KINDS.find((k) => k.ownerType === name);
}

/**
 * POST /api/attachments for a library page: the files join the page's own (the ones our app shows and every
 * reader's device pulls), only for those who may change library pages. `petition_id` ("undefined" from these
 * pages) names nothing here and is not read.
 */
export async function uploadPageFiles(
  app: FastifyInstance,
  actor: TActor,
  kind: TPageKind,
  fields: Record<string, string>,
  files: ReceivedFile[],
): Promise<TApiAttachment[]> {
  if (!can(actor, PAGE_PERMISSIONS.manage)) throw forbidden();
  if (!files.length) throw validationError({ files: [MSG_SELECT_FILE] });
  const pageId = (fields.attachmentable_id ?? '').trim();
  const table = kind.name as 'sample_pleadings';
  if (!pageId || !(await forFirm(app.db, actor.company_id).find(table, pageId))) throw notFound();
  await checkAndStorePageFiles(app, actor, kind, files);
  const rows = await inTransaction(app.db, async (trx) => {
    const firm = forActor(trx, actor);
    // Checked again: the page may have been deleted while the bytes were stored.
    if (!(await firm.find(table, pageId))) throw notFound();
    return putPageFiles(firm, kind, pageId, files);
  });
  return rows.map((r) => ({
    id: String(r.id),
    petition_id: null,
    attachmentable_id: pageId,
    attachmentable_type: `${MODEL_PREFIX}${kind.ownerType}`,
    file_name: String(r.file_name),
    mime_type: String(r.mime_type),
    size: Number(r.size),
    sha256: String(r.sha256),
    title: null,
    display_order: Number(r.display_order),
    url: pageFilePath(kind, pageId, String(r.file_name)),
  }));
}

const ZFileParams = z.object({ id: z.string().max(200), file: z.string().max(300) });

/**
 * The original client's file URLs of library pages. Like every /storage path, only for a signed-in reader of
 * the library of the page's firm, unless the firm turned on legacy public storage for an old client that sends
 * no token with a link (README: what that costs). A page's files are found by its id and the file's name
 * (unique within the page); a deleted page's files are gone with it.
 */
export async function libraryFileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const kind of PAGE_KINDS)
    app.get(
      `/storage/attachments/${kind.rest.storageFolder}/:id/:file`,
      { onRequest: legacyStorageHeaders, schema: { params: ZFileParams } },
      async (req, reply) => {
        const ctx = app.config.legacyPublicStorage ? null : await req.auth();
        if (ctx && !can(ctx.actor, PAGE_PERMISSIONS.read)) throw notFound('File not found.');
        const table = kind.name as 'sample_pleadings';
        // Legacy public storage serves any firm's file by its URL (the firm is in the rows found), so only a
        // signed-in caller's query is scoped to a firm.
        let q = app.db
          .selectFrom('attachments as f')
          .innerJoin(`${table} as p`, (j) =>
            j.onRef('p.id', '=', 'f.owner_id').onRef('p.company_id', '=', 'f.company_id'),
          )
          .select(['f.company_id', 'f.sha256', 'f.file_name', 'f.mime_type'])
          .where('f.owner_type', '=', kind.ownerType)
          .where('f.owner_id', '=', req.params.id)
          .where('f.file_name', '=', req.params.file)
          .where('f.deleted_at', 'is', null)
          .where('p.deleted_at', 'is', null);
        if (ctx) q = q.where('f.company_id', '=', ctx.actor.company_id);
        const file = await q.orderBy('f.display_order').orderBy('f.created_at').executeTakeFirst();
        if (!file?.sha256 || !file.file_name || !file.mime_type) throw notFound('File not found.');
        return sendStoredFile(
          reply,
          { store: app.files, key: blobKey(file.company_id, file.sha256) },
          {
            name: file.file_name,
            mime: file.mime_type,
          },
        );
      },
    );
}
