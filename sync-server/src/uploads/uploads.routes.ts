import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ZUploadCreate, ZUploadState, type TUploadState } from '@lawfirm/shared-types';
import { newId, nowIso } from '../db/ids.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { rawBytes } from '../http/request-body.ts';
import { ZIdParams } from '../http/schemas.ts';
import { mayReadFile } from '../sync/read-access.ts';
import { checkUploadFile } from './upload-check.ts';
import { sendFromStore } from '../files/byte-range.ts';
import { blobKey, storeBlob } from './blob-store.ts';
import { uploadParts } from './upload-parts.ts';
import {
  advanceUpload,
  cleanupExpiredUploads,
  completeUpload,
  deleteUpload,
  insertUpload,
} from './uploads.mutators.ts';
import { findBlob, findOpenUpload, findUpload } from './uploads.repository.ts';
import { ZFileParams, ZFileQuery } from './uploads.types.ts';

const CHUNK_LIMIT = 4 * 1024 * 1024;
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Resumable, content-addressed uploads (DESIGN §5): POST creates or finds the upload of a SHA-256, HEAD tells
 * how many bytes arrived, PATCH appends at that offset. Bytes collect in a private temporary file; only a
 * complete file whose hash and content type check out is moved into the store, so an aborted upload never
 * leaves a partial file where anyone reads files.
 */
export async function uploadsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Read as multipart bodies are (http/request-body.ts): a chunk cut short is answered 400 at once, or at the
  // request timeout when the client holds the connection open.
  app.addContentTypeParser('application/offset+octet-stream', rawBytes(CHUNK_LIMIT));
  const parts = uploadParts(app.files, app.config.dataDir);

  const state = (u: {
    id: string;
    received: number | string;
    size: number | string;
    sha256: string;
    completed_at: string | null;
  }): TUploadState => ({
    id: u.id,
    offset: Number(u.received),
    size: Number(u.size),
    complete: !!u.completed_at,
    sha256: u.sha256,
  });

  app.post(
    '/uploads',
    {
      config: { auth: 'attachments.upload' },
      schema: { body: ZUploadCreate, response: { 200: ZUploadState } },
    },
    async (req) => {
      const { actor } = await req.authorize('attachments.upload');
      const body = req.body;
      await cleanupExpiredUploads(app.db, parts);
      const blob = await findBlob(app.db, actor.company_id, body.sha256);
      if (blob)
        return {
          id: `done-${body.sha256}`,
          offset: Number(blob.size),
          size: Number(blob.size),
          complete: true,
          sha256: body.sha256,
          mime_type: blob.mime_type,
        } satisfies TUploadState;
      const open = await findOpenUpload(app.db, actor.company_id, body.sha256, body.size);
      if (open) return state(open);
      const id = newId();
      await parts.create(id);
      const row = {
        id,
        company_id: actor.company_id,
        user_id: actor.id,
        sha256: body.sha256,
        size: body.size,
        filename: body.filename,
        received: 0,
        created_at: nowIso(),
        expires_at: new Date(Date.now() + UPLOAD_TTL_MS).toISOString(),
        completed_at: null,
      };
      await insertUpload(app.db, row);
      return state(row);
    },
  );

  /**
   * The last chunk is in: the whole file is checked (its hash, then its type and content: sniff-document.ts)
   * and moved into the store. Any refusal or failure forgets the upload and its bytes, so nothing is left that
   * could never complete: the device starts the file again, or shows why it was refused.
   */
  const finishUpload = async (companyId: string, u: { id: string; sha256: string }): Promise<string> => {
    try {
      const part = await parts.assemble(u.id);
      // Checked from the file with bounded memory (upload-check.ts: only a PDF and an XML file are read whole);
      // the store then takes the file from disk, streamed.
      const { sha256: sha, size, check } = await checkUploadFile(part, app.pdfWorkers);
      if (sha !== u.sha256) throw new HttpError(422, 'The file did not arrive intact. Upload it again.');
      if (!check.ok) throw new HttpError(check.status, check.message);
      await storeBlob(
        app.db,
        app.files,
        companyId,
        { sha256: sha, size, mime: check.kind.mime },
        { path: part },
      );
      await completeUpload(app.db, u.id);
      await parts.remove(u.id);
      return check.kind.mime;
    } catch (e) {
      await parts.remove(u.id);
      await deleteUpload(app.db, u.id);
      throw e;
    }
  };

  const findUploadOr404 = async (companyId: string, id: string) => {
    const u = await findUpload(app.db, companyId, id);
    if (!u) throw notFound('No such upload. Start it again.');
    return u;
  };

  /** The offset to resume from: an empty answer with Upload-Offset and Upload-Length headers. */
  app.head(
    '/uploads/:id',
    { config: { auth: 'attachments.upload' }, schema: { params: ZIdParams } },
    async (req, reply) => {
      const { actor } = await req.authorize('attachments.upload');
      const u = await findUploadOr404(actor.company_id, req.params.id);
      return reply
        .header('Upload-Offset', String(u.received))
        .header('Upload-Length', String(u.size))
        .header('Cache-Control', 'no-store')
        .send();
    },
  );

  /**
   * The body is the next chunk's raw bytes (application/offset+octet-stream) at the Upload-Offset header; the
   * protocol's own answers (415 for another content type, 409 with the offset for a wrong one) come from the
   * handler, so neither is a schema.
   */
  app.patch(
    '/uploads/:id',
    {
      config: { auth: 'attachments.upload' },
      schema: { params: ZIdParams, response: { 200: ZUploadState } },
    },
    async (req) => {
      const { actor } = await req.authorize('attachments.upload');
      const u = await findUploadOr404(actor.company_id, req.params.id);
      if (u.completed_at) return state(u);
      if (!Buffer.isBuffer(req.body))
        throw new HttpError(415, 'Send the bytes as application/offset+octet-stream.');
      const offset = Number(req.headers['upload-offset']);
      if (!Number.isInteger(offset) || offset !== Number(u.received))
        throw new HttpError(409, 'The upload offset does not match. Ask for the current offset and resume.', {
          offset: Number(u.received),
        });
      const chunk = req.body;
      if (offset + chunk.length > Number(u.size))
        throw new HttpError(422, 'More bytes than the file size announced.');
      await parts.write(u.id, offset, chunk);
      const received = offset + chunk.length;
      if (!(await advanceUpload(app.db, u.id, offset, received)))
        throw new HttpError(409, 'Another request resumed this upload first.');
      if (received < Number(u.size)) return state({ ...u, received });

      const mime = await finishUpload(actor.company_id, u);
      return { ...state({ ...u, received, completed_at: nowIso() }), mime_type: mime };
    },
  );

  /**
   * A stored file for a member who may read a row naming it (an attachment of a case file they may read; the
   * same 404 as an unknown hash otherwise); never rendered inline, never sniffed. Answers the bytes (the type
   * sniffed at upload), downloaded under `?name=` or the hash.
   */
  app.get(
    '/files/:sha256',
    {
      config: { auth: true },
      schema: { params: ZFileParams, querystring: ZFileQuery },
    },
    async (req, reply) => {
      const { actor } = await req.auth();
      const { sha256 } = req.params;
      if (!/^[0-9a-f]{64}$/.test(sha256)) throw notFound(MSG.notFound);
      const blob = await findBlob(app.db, actor.company_id, sha256);
      if (!blob || !(await mayReadFile(app.db, app.registry, actor, sha256))) throw notFound(MSG.notFound);
      const name = req.query.name ?? sha256;
      reply
        .header('Content-Type', blob.mime_type)
        .header('Content-Disposition', contentDisposition(name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=31536000, immutable');
      return sendFromStore(reply, app.files, blobKey(actor.company_id, sha256), Number(blob.size));
    },
  );
}
