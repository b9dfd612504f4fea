import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { newId } from '../db/ids.ts';
import { routeNotFound } from '../plugins/errors.ts';
import { HttpError } from './errors.ts';

/** What a route takes as file parts of a multipart body; a route without it takes none. */
export type TFileParts = {
  /** How many files one request may carry. */
  maxFiles: number;
  /** The largest file, in bytes. */
  maxFileBytes: number;
  /** The answer (413) to a larger file. */
  tooLarge: string;
};

/** A file part as it arrived: in a private temporary file, removed when the answer is sent. */
export type TReceivedPart = {
  fieldname: string;
  /** The name the browser sent, before any cleaning. */
  filename: string;
  path: string;
  sha256: string;
  size: number;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    files?: TFileParts;
  }
}

const received = new WeakMap<FastifyRequest, TReceivedPart[]>();

/** The file parts of a request's multipart body, in the order they came (none but on routes with `config.files`). */
export const receivedFiles = (req: FastifyRequest): readonly TReceivedPart[] => received.get(req) ?? [];

/** The body limit of a call anyone may make (sign-in, sign-up, reset, contact): forms of a few fields. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;

const MSG_TOO_LARGE = 'The request is too large.';
const MSG_MALFORMED = 'The form data is malformed.';
export const MSG_NO_FILES = 'This call takes no files.';

/** A refusal for what @fastify/multipart or busboy found wrong with the body (they throw plain errors). */
function refusal(e: unknown, files: TFileParts | undefined): unknown {
  if (e instanceof HttpError) return e;
  // A disk error is the server's (a 500 that is logged), never the client's.
  if ((e as { syscall?: unknown }).syscall) return e;
  switch ((e as { code?: unknown }).code) {
    case 'FST_FILES_LIMIT':
      return files
        ? new HttpError(413, `Upload at most ${files.maxFiles} files at a time.`)
        : new HttpError(400, MSG_NO_FILES);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, MSG_TOO_LARGE);
    default:
      // No boundary, a torn part, a field named __proto__, a JSON field that is not JSON…
      return new HttpError(400, MSG_MALFORMED);
  }
}

/** Streams one file part into `path`, hashing it; refuses it as soon as it passes the route's size. */
async function saveFilePart(
  file: NodeJS.ReadableStream & { truncated?: boolean },
  path: string,
  caps: TFileParts,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const tooLarge = new AbortController();
  file.once('limit', () => tooLarge.abort());
  try {
    await pipeline(
      file,
      new Transform({
        transform(chunk: Buffer, _enc, cb) {
          hash.update(chunk);
          size += chunk.length;
          cb(null, chunk);
        },
      }),
      createWriteStream(path, { flags: 'wx', mode: 0o600 }),
      { signal: tooLarge.signal },
    );
  } catch (e) {
    await rm(path, { force: true });
    throw tooLarge.signal.aborted ? new HttpError(413, caps.tooLarge) : e;
  }
  if (file.truncated) {
    await rm(path, { force: true });
    throw new HttpError(413, caps.tooLarge);
  }
  return { sha256: hash.digest('hex'), size };
}

const discard = (files: readonly TReceivedPart[]) =>
  Promise.all(files.map((f) => rm(f.path, { force: true }))).then(() => undefined);

/**
 * Reads a multipart body once the route's onRequest checks (sign-in) have passed: text fields become the body
 * as `{name: value}` (a repeated name: a list), file parts go straight to temporary files under the route's
 * caps. Fields together may not pass the route's body limit, as a JSON body may not.
 */
async function readMultipart(req: FastifyRequest, reply: FastifyReply, tmpDir: string): Promise<void> {
  const caps = req.routeOptions.config.files;
  const bodyLimit = req.routeOptions.bodyLimit;
  const body: Record<string, unknown> = {};
  const files: TReceivedPart[] = [];
  received.set(req, files);
  // Whatever happens next (the handler stores them, refuses them, or the client goes away), they go.
  reply.raw.once('close', () => void discard(files));
  let fieldBytes = 0;
  try {
    const parts = req.parts({
      limits: {
        fieldSize: bodyLimit,
        fields: 1000,
        parts: 1000 + (caps?.maxFiles ?? 0),
        files: caps?.maxFiles ?? 0,
        fileSize: caps?.maxFileBytes ?? 0,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const text = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        fieldBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(text ?? '');
        if (part.valueTruncated || fieldBytes > bodyLimit) throw new HttpError(413, MSG_TOO_LARGE);
        const prev = body[part.fieldname];
        body[part.fieldname] =
          prev === undefined ? part.value : Array.isArray(prev) ? [...prev, part.value] : [prev, part.value];
        continue;
      }
      // busboy stops file parts past `files` (0 without caps), so a part here is one the route takes.
      if (!caps) throw new HttpError(400, MSG_NO_FILES);
      const path = join(tmpDir, `${newId()}.part`);
      if (!files.length) await mkdir(tmpDir, { recursive: true });
      const { sha256, size } = await saveFilePart(part.file, path, caps);
      // An empty file input still sends a part, with no name and no bytes: nothing was chosen.
      if (!size && !part.filename) await rm(path, { force: true });
      else files.push({ fieldname: part.fieldname, filename: part.filename, path, sha256, size });
    }
    // The client went away mid-body: what arrived is not the form it meant to send.
    if (req.raw.aborted) throw new HttpError(400, MSG_MALFORMED);
  } catch (e) {
    req.raw.unpipe();
    await discard(files);
    throw refusal(e, caps);
  }
  req.body = body;
}

/**
 * Request bodies are read only after the route's sign-in check (the auth plugin's onRequest hook runs before
 * any body is parsed), and calls anyone may make (no `config.auth`) get a small body limit. Multipart bodies
 * are read here, not by @fastify/multipart's attachFieldsToBody (which buffers every file in memory, for any
 * route): a route takes file parts only if it declares `config.files`, and they go straight to disk.
 */
export default fp(async (app: FastifyInstance) => {
  const tmpDir = join(app.config.dataDir, 'uploads-tmp');
  // Busboy's own limits here are only a backstop: each request passes its route's (readMultipart).
  await app.register(multipart, { limits: { files: 0, fieldSize: PUBLIC_BODY_LIMIT } });

  // Hooks in callback form: they run on every request, and most answer at once.
  const readBody: preValidationHookHandler = (req, reply, done) => {
    if (!req.isMultipart() || req.is404) return done();
    readMultipart(req, reply, tmpDir).then(
      () => done(),
      (e: unknown) => done(e instanceof Error ? e : new Error(String(e))),
    );
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.auth && route.bodyLimit === undefined) route.bodyLimit = PUBLIC_BODY_LIMIT;
  });
  // Before every other check of the body (those of route groups, e.g. refuseNul, read the fields read here).
  app.addHook('preValidation', readBody);

  // A call no route serves is answered before its body is read.
  app.addHook('onRequest', (req, _reply, done) => {
    done(req.is404 ? new HttpError(404, routeNotFound(req)) : undefined);
  });

  // An answer sent before the request's body arrived (refused at sign-in, or part-way through the body)
  // closes the connection, so the rest of that body is never read.
  app.addHook('onSend', (req, reply, payload, done) => {
    // Only a request that has a body: one without is answered before Node marks it complete when every hook
    // answers at once, and closing its keep-alive connection would cost the client a new one per request.
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody && req.raw.complete === false) void reply.header('Connection', 'close');
    done(null, payload);
  });
});
