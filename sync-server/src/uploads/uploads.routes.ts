import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MSG, ZUploadCreate, type TUploadState } from '@lawfirm/shared-types';
import { newId, nowIso } from '../db/ids.ts';
import { HttpError, notFound, parse } from '../http/errors.ts';
import { ACCEPTED_TYPES_MESSAGE, sniffDocument } from './sniff-document.ts';
import { blobPath, storeBlob } from './blob-store.ts';

const CHUNK_LIMIT = 4 * 1024 * 1024;
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

// Still exported from here for callers that import it with the upload routes.
export { blobPath };
const partPath = (dataDir: string, id: string) => join(dataDir, 'uploads-tmp', `${id}.part`);

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Resumable, content-addressed uploads (DESIGN §5): POST creates or finds the upload of a SHA-256, HEAD tells
 * how many bytes arrived, PATCH appends at that offset. Bytes collect in a private temporary file; only a
 * complete file whose hash and content type check out is moved into the store, so an aborted upload never
 * leaves a partial file where anyone reads files.
 */
export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    'application/offset+octet-stream',
    { parseAs: 'buffer', bodyLimit: CHUNK_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const dataDir = app.config.dataDir;

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

  async function cleanupExpired(): Promise<void> {
    const old = await app.db
      .selectFrom('uploads')
      .select('id')
      .where('completed_at', 'is', null)
      .where('expires_at', '<', nowIso())
      .execute();
    for (const u of old) {
      await rm(partPath(dataDir, u.id), { force: true });
      await app.db.deleteFrom('uploads').where('id', '=', u.id).execute();
    }
  }

  app.post('/uploads', async (req) => {
    const { actor } = await req.authorize('attachments.upload');
    const body = parse(ZUploadCreate, req.body);
    await cleanupExpired();
    const blob = await app.db
      .selectFrom('blobs')
      .selectAll()
      .where('company_id', '=', actor.company_id)
      .where('sha256', '=', body.sha256)
      .executeTakeFirst();
    if (blob)
      return {
        id: `done-${body.sha256}`,
        offset: Number(blob.size),
        size: Number(blob.size),
        complete: true,
        sha256: body.sha256,
        mime_type: blob.mime_type,
      } satisfies TUploadState;
    const open = await app.db
      .selectFrom('uploads')
      .selectAll()
      .where('company_id', '=', actor.company_id)
      .where('sha256', '=', body.sha256)
      .where('size', '=', body.size)
      .where('completed_at', 'is', null)
      .executeTakeFirst();
    if (open) return state(open);
    const id = newId();
    await mkdir(join(dataDir, 'uploads-tmp'), { recursive: true });
    await (
      await import('node:fs/promises')
    ).writeFile(partPath(dataDir, id), new Uint8Array(0), { mode: 0o600 });
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
    await app.db.insertInto('uploads').values(row).execute();
    return state(row);
  });

  const findUpload = async (companyId: string, id: string) => {
    const u = await app.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!u) throw notFound('No such upload. Start it again.');
    return u;
  };

  app.head('/uploads/:id', async (req, reply) => {
    const { actor } = await req.authorize('attachments.upload');
    const u = await findUpload(actor.company_id, (req.params as { id: string }).id);
    return reply
      .header('Upload-Offset', String(u.received))
      .header('Upload-Length', String(u.size))
      .header('Cache-Control', 'no-store')
      .send();
  });

  app.patch('/uploads/:id', async (req) => {
    const { actor } = await req.authorize('attachments.upload');
    const u = await findUpload(actor.company_id, (req.params as { id: string }).id);
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
    const part = partPath(dataDir, u.id);
    const fh = await open(part, 'r+');
    try {
      await fh.write(chunk, 0, chunk.length, offset);
      await fh.sync();
    } finally {
      await fh.close();
    }
    const received = offset + chunk.length;
    const moved = await app.db
      .updateTable('uploads')
      .set({ received })
      .where('id', '=', u.id)
      .where('received', '=', offset)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      throw new HttpError(409, 'Another request resumed this upload first.');
    if (received < Number(u.size)) return state({ ...u, received });

    const bytes = await readFile(part);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const kind = sniffDocument(bytes);
    if (sha !== u.sha256 || !kind) {
      await rm(part, { force: true });
      await app.db.deleteFrom('uploads').where('id', '=', u.id).execute();
      if (!kind) throw new HttpError(415, ACCEPTED_TYPES_MESSAGE);
      throw new HttpError(422, 'The file did not arrive intact. Upload it again.');
    }
    await storeBlob(
      app.db,
      dataDir,
      actor.company_id,
      { sha256: sha, size: bytes.length, mime: kind.mime },
      { path: part },
    );
    await app.db.updateTable('uploads').set({ completed_at: nowIso() }).where('id', '=', u.id).execute();
    return { ...state({ ...u, received, completed_at: nowIso() }), mime_type: kind.mime };
  });

  /** A stored file for any signed-in member of its firm; never rendered inline, never sniffed. */
  app.get('/files/:sha256', async (req, reply) => {
    const { actor } = await req.auth();
    const { sha256 } = req.params as { sha256: string };
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw notFound(MSG.notFound);
    const blob = await app.db
      .selectFrom('blobs')
      .selectAll()
      .where('company_id', '=', actor.company_id)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    if (!blob) throw notFound(MSG.notFound);
    const path = blobPath(dataDir, actor.company_id, sha256);
    await stat(path).catch(() => {
      throw notFound(MSG.notFound);
    });
    const name =
      typeof (req.query as Record<string, unknown>).name === 'string'
        ? String((req.query as Record<string, unknown>).name)
        : `${sha256}`;
    return reply
      .header('Content-Type', blob.mime_type)
      .header('Content-Length', String(blob.size))
      .header('Content-Disposition', contentDisposition(name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .send(createReadStream(path));
  });
}
