import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  ZAttachmentUpdate,
  ZDeleteSelectedInput,
  ZMessageResponse,
  type TActor,
} from '@lawfirm/shared-types';
import { notFound, validationError } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import { blobKey } from '../files/file-store.ts';
import { legacyStorageHeaders } from '../auth/original-client.ts';
import { sendPdfThumbnail, varyByDestination, wantsImage } from '../files/pdf-thumbnails.ts';
import { sendStoredFile } from '../files/send-file.ts';
import { canReadPetition } from './access.ts';
import {
  apiAttachmentsById,
  findAttachment,
  findStoredAttachment,
  ownerTypeOf,
  toApiAttachment,
} from './attachments.repository.ts';
import { deleteAttachments, updateAttachment, uploadAttachments } from './attachments.mutators.ts';
import { MSG_FILES_UPLOADED, MSG_SELECT_FILE } from './case-files.schema.ts';
import {
  ZStorageParams,
  ZUpdateAttachmentResponse,
  ZUploadAttachmentsResponse,
  type TApiAttachment,
} from './case-files.types.ts';
import {
  ATTACHMENT_FILES,
  discardFiles,
  receiveFiles,
  type ReceivedFile,
} from '../uploads/multipart-files.ts';

/** An upload POST /api/attachments hands to an owner other than a case document (rest-contract 33). */
export type TOwnerUpload = {
  upload: (
    app: FastifyInstance,
    actor: TActor,
    fields: Record<string, string>,
    files: ReceivedFile[],
  ) => Promise<TApiAttachment[]>;
  /** No file at all is a field error before the owner is asked (a payment's receipt, the logo). */
  needsFile: boolean;
};

/**
 * The owners of files besides case documents that the original client reaches here, handed in by routes.ts
 * (src/file-owners.ts), so case files know no module that hangs off them.
 */
export type TFileOwners = {
  /** Each owner's file URLs (/storage/attachments/...), registered before those of case documents. */
  fileRoutes: readonly ((fastify: FastifyInstance) => Promise<void>)[];
  /** The owner an upload's attachmentable_type names, or undefined for a case document's. */
  uploadFor: (type: string | undefined) => TOwnerUpload | undefined;
};

/**
 * Files of the one attachment model as the original client reaches them (rest-contract 33–36): uploads to any
 * owner (a case document, a library page, a payment; and the site logo), and the file URLs of each.
 */
export async function attachmentsRoutes(fastify: FastifyInstance, owners: TFileOwners): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The original client's file URLs of library pages, receipts and the logo, beside those of case documents.
  for (const routes of owners.fileRoutes) await routes(fastify);

  /**
   * multipart `files[i]`, `attachmentable_id`, `attachmentable_type`, `petition_id` (may be "" or "undefined").
   * The fields have no body schema: uploadAttachments checks them, and every file's bytes (a file's name is
   * part of the contract), before anything is kept.
   */
  app.post(
    '/api/attachments',
    {
      config: { auth: 'attachments.upload', files: ATTACHMENT_FILES },
      schema: { response: { 200: ZUploadAttachmentsResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('attachments.upload');
      const { fields, files } = await receiveFiles(req);
      try {
        // A payment's receipt, the site logo or a library page's files (src/file-owners.ts).
        const owner = owners.uploadFor(fields.attachmentable_type);
        if (owner) {
          if (owner.needsFile && !files.length) throw validationError({ files: [MSG_SELECT_FILE] });
          return { message: MSG_FILES_UPLOADED, attachments: await owner.upload(app, actor, fields, files) };
        }
        const ids = await uploadAttachments(app.db, app.files, actor, fields, files);
        const attachments = await apiAttachmentsById(app.db, actor.company_id, ids);
        return { message: MSG_FILES_UPLOADED, attachments };
      } finally {
        // Files moved into the store are gone already; this removes those of a refused upload.
        await discardFiles(files);
      }
    },
  );

  app.put(
    '/api/attachments/:id',
    {
      config: { auth: 'petitions.edit' },
      schema: { params: ZIdParams, body: ZAttachmentUpdate, response: { 200: ZUpdateAttachmentResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await updateAttachment(app.db, actor, req.params.id, req.body);
      const row = await findAttachment(app.db, actor.company_id, req.params.id);
      if (!row) throw notFound();
      return { attachment: toApiAttachment(row), message: MSG.updatedOk };
    },
  );

  app.delete(
    '/api/attachments/:id',
    {
      config: { auth: 'petitions.edit' },
      schema: { params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await deleteAttachments(app.db, actor, [req.params.id]);
      return { message: MSG.deletedOk };
    },
  );

  app.post(
    '/api/delete_selected',
    {
      config: { auth: true },
      schema: { body: ZDeleteSelectedInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await deleteAttachments(app.db, actor, req.body.id);
      return { message: MSG.deletedOk };
    },
  );

  /**
   * The original client's <img src>/<a href> of an attachment. These are confidential case documents: only a
   * signed-in member of the firm who may read the case file gets them, unless the firm turned on legacy
   * public storage for an old client that cannot send a token (README: what that costs). Answers the file's
   * bytes (images inline, anything else as a download; a PDF's first page to an <img>), not JSON.
   */
  app.get(
    '/storage/attachments/petitions/:petitionId/:model/:ownerId/:fileName',
    { onRequest: legacyStorageHeaders, schema: { params: ZStorageParams } },
    async (req, reply) => {
      const ctx = app.config.legacyPublicStorage ? null : await req.auth();
      const { petitionId, ownerId, fileName } = req.params;
      const model = ownerTypeOf(req.params.model);
      if (!model) throw notFound('File not found.');
      // Legacy public storage serves any firm's file by its URL (the firm is in the row found), so only a
      // signed-in caller's query is scoped to a firm.
      const file = await findStoredAttachment(app.db, ctx ? ctx.actor.company_id : null, {
        petitionId,
        ownerType: model,
        ownerId,
        fileName,
      });
      if (!file || (ctx && !(await canReadPetition(app.db, ctx.actor, petitionId))))
        throw notFound('File not found.');
      if (file.mime_type === 'application/pdf') {
        // A PDF's URL answers an <img> with its first page (files/pdf-thumbnails.ts), a link with the PDF.
        varyByDestination(reply);
        if (wantsImage(req)) return sendPdfThumbnail(app, reply, file);
      }
      const key = blobKey(file.company_id, file.sha256);
      return sendStoredFile(reply, { store: app.files, key }, { name: file.file_name, mime: file.mime_type });
    },
  );
}
