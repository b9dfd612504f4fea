import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@lawfirm/shared-types';
import { notFound } from '../http/errors.ts';
import { blobPath } from '../uploads/blob-store.ts';
import { contentDisposition } from '../uploads/uploads.routes.ts';
import { canReadPetition } from './access.ts';
import { liveRowsWhere, findLive } from './case-rows.ts';
import { ownerTypeOf, toApiAttachment } from './attachments.repository.ts';
import {
  deleteAttachments,
  parseDeleteSelected,
  updateAttachment,
  uploadAttachments,
} from './attachments.mutators.ts';
import { MSG_FILES_UPLOADED } from './case-files.schema.ts';
import { discardFiles, keepMultipartForHandler, receiveFiles } from './multipart-files.ts';

type IdParams = { Params: { id: string } };
type StorageParams = {
  Params: { petitionId: string; model: string; ownerId: string; fileName: string };
};

/** Attachments of case documents (rest-contract 33–36) and the original client's file URLs. */
export async function attachmentsRoutes(app: FastifyInstance): Promise<void> {
  const dataDir = app.config.dataDir;

  app.post('/api/attachments', { onRequest: keepMultipartForHandler }, async (req) => {
    const { actor } = await req.authorize('attachments.upload');
    const { fields, files } = await receiveFiles(req, join(dataDir, 'uploads-tmp'));
    try {
      const ids = await uploadAttachments(app.db, dataDir, actor, fields, files);
      const rows = await liveRowsWhere(app.db, 'attachments', actor.company_id, 'id', ids);
      return { message: MSG_FILES_UPLOADED, attachments: rows.map(toApiAttachment) };
    } finally {
      // Files moved into the store are gone already; this removes those of a refused upload.
      await discardFiles(files);
    }
  });

  app.put<IdParams>('/api/attachments/:id', async (req) => {
    const { actor } = await req.auth();
    await updateAttachment(app.db, actor, req.params.id, req.body);
    const row = await findLive(app.db, 'attachments', actor.company_id, req.params.id);
    if (!row) throw notFound();
    return { attachment: toApiAttachment(row), message: MSG.updatedOk };
  });

  app.delete<IdParams>('/api/attachments/:id', async (req) => {
    const { actor } = await req.auth();
    await deleteAttachments(app.db, actor, [req.params.id]);
    return { message: MSG.deletedOk };
  });

  app.post('/api/delete_selected', async (req) => {
    const { actor } = await req.auth();
    const ids = parseDeleteSelected(req.body);
    await deleteAttachments(app.db, actor, ids);
    return { message: MSG.deletedOk };
  });

  /**
   * The original client's <img src>/<a href> of an attachment. These are confidential case documents: only a
   * signed-in member of the firm who may read the case file gets them, unless the firm turned on legacy
   * public storage for an old client that cannot send a token (README: what that costs).
   */
  app.get<StorageParams>(
    '/storage/attachments/petitions/:petitionId/:model/:ownerId/:fileName',
    async (req, reply) => {
      const ctx = app.config.legacyPublicStorage ? null : await req.auth();
      const { petitionId, ownerId, fileName } = req.params;
      const model = ownerTypeOf(req.params.model);
      if (!model) throw notFound('File not found.');
      let q = app.db
        .selectFrom('attachments')
        .select(['company_id', 'sha256', 'mime_type', 'size', 'file_name'])
        .where('petition_id', '=', petitionId)
        .where('owner_type', '=', model)
        .where('owner_id', '=', ownerId)
        .where('file_name', '=', fileName)
        .where('deleted_at', 'is', null);
      if (ctx) q = q.where('company_id', '=', ctx.actor.company_id);
      const file = await q.orderBy('created_at', 'desc').executeTakeFirst();
      if (!file || (ctx && !(await canReadPetition(app.db, ctx.actor, petitionId))))
        throw notFound('File not found.');
      const path = blobPath(dataDir, file.company_id, file.sha256);
      await stat(path).catch(() => {
        throw notFound('File not found.');
      });
      const image = file.mime_type.startsWith('image/');
      const disposition = contentDisposition(file.file_name);
      return (
        reply
          .header('Content-Type', file.mime_type)
          .header('Content-Length', String(file.size))
          // Images show in the page; anything else (PDF, Word, XML) is downloaded, never rendered by us.
          .header('Content-Disposition', image ? disposition.replace(/^attachment/, 'inline') : disposition)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          // The same URL may name other bytes after a delete and a new upload, and access can be withdrawn.
          .header('Cache-Control', 'private, no-cache')
          .send(createReadStream(path))
      );
    },
  );
}
