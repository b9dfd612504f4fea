import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy, { type BusboyFileStream } from '@fastify/busboy';
import fp from 'fastify-plugin';
import { parse as parseQuery } from 'fast-querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newId } from '../db/ids.ts';
import { HttpError, routeNotFound } from './errors.ts';

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
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The request came as multipart/form-data (its fields are the body, its files receivedFiles()). */
    isMultipart(): boolean;
  }
}

/** The file parts of each multipart request that was read in full (an empty list when it had none). */
const received = new WeakMap<FastifyRequest, TReceivedPart[]>();

/** The file parts of a request's multipart body, in the order they came (none but on routes with `config.files`). */
export const receivedFiles = (req: FastifyRequest): readonly TReceivedPart[] => received.get(req) ?? [];

/** The body limit of a call anyone may make (sign-in, sign-up, reset, contact): forms of a few fields. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;

const MSG_TOO_LARGE = 'The request is too large.';
const MSG_MALFORMED = 'The form data is malformed.';
export const MSG_NO_FILES = 'This call takes no files.';
/** A body that stopped before it was through: cut short by the client, or not all there within the timeout. */
export const MSG_INCOMPLETE = 'The request did not arrive in full. Send it again.';

const removeAll = (paths: readonly string[]) =>
  Promise.all(paths.map((p) => rm(p, { force: true }))).then(() => undefined);

/**
 * One body the server reads itself, from the moment its reading starts (after the route's sign-in and
 * permission checks). It ends early at the first of: the request timeout, the client going away (or Node's
 * backstop closing the connection), a refusal by the reader (`fail`). Each aborts `signal` with the answer to
 * send (400 for a body that did not arrive in full), and every stream of the read is tied to that signal, so
 * their descriptors close with it and nothing waits for bytes that will never come.
 */
type TBodyRead = {
  signal: AbortSignal;
  fail: (e: unknown) => void;
  /**
   * Runs `start`, which calls its `through` when the body has been read; settles then, or rejects with the
   * refusal as soon as the read ends early.
   */
  until: (start: (through: () => void) => void) => Promise<void>;
  /** The read is over: no timer or listener of it is left. */
  end: () => void;
};

function startRead(req: FastifyRequest, payload: Readable): TBodyRead {
  const stop = new AbortController();
  const fail = (e: unknown) => {
    if (!stop.signal.aborted) stop.abort(e instanceof Error ? e : new Error(String(e)));
  };
  const reason = () => stop.signal.reason as Error;
  const incomplete = () => fail(new HttpError(400, MSG_INCOMPLETE));
  const timer = setTimeout(incomplete, req.server.config.requestTimeoutMs);
  const raw = req.raw;
  // Closed before the body was through: the client went away mid-body (the request also errors then).
  const onClose = () => {
    if (!raw.complete) incomplete();
  };
  raw.on('close', onClose);
  payload.on('error', incomplete);
  if (raw.destroyed && !raw.complete) incomplete();
  return {
    signal: stop.signal,
    fail,
    until: (start) =>
      new Promise<void>((resolve, reject) => {
        if (stop.signal.aborted) return reject(reason());
        stop.signal.addEventListener('abort', () => reject(reason()), { once: true });
        start(resolve);
      }),
    end: () => {
      clearTimeout(timer);
      raw.off('close', onClose);
      payload.off('error', incomplete);
    },
  };
}

/** A refusal for what the read or busboy found wrong with the body (busboy throws plain errors). */
function refusal(e: unknown): unknown {
  if (e instanceof HttpError) return e;
  // A disk error is the server's (a 500 that is logged), never the client's.
  if ((e as { syscall?: unknown }).syscall) return e;
  // A body that ends inside a part or before the closing boundary (Dicer's "Unexpected end of multipart data").
  if (/unexpected end/i.test((e as Error).message)) return new HttpError(400, MSG_INCOMPLETE);
  // No boundary, a part without a name or with a broken header…
  return new HttpError(400, MSG_MALFORMED);
}

/** Resolves once a write stream has closed its file (a destroyed one may still be opening it). */
const closed = (out: WriteStream) =>
  new Promise<void>((resolve) => (out.closed ? resolve() : out.once('close', () => resolve())));

/**
 * Streams one file part into `path`, hashing it, tied to the read's signal: a read that ends early destroys
 * the part's streams, and the file is removed once its descriptor is closed.
 */
async function saveFilePart(
  file: BusboyFileStream,
  path: string,
  read: TBodyRead,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  await mkdir(join(path, '..'), { recursive: true });
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
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
      out,
      { signal: read.signal },
    );
  } catch (e) {
    out.destroy();
    await closed(out);
    await rm(path, { force: true });
    throw e;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * A multipart body: text fields become the body as `{name: value}` (a repeated name: a list), file parts go
 * straight to temporary files under the route's `config.files` caps (none without it). Fields together may not
 * pass the route's body limit, as a JSON body may not. A body that ends early, in any part and at any size,
 * is refused with every temporary file of it removed.
 */
async function readMultipart(
  req: FastifyRequest,
  payload: Readable,
  tmpDir: string,
): Promise<Record<string, unknown>> {
  const caps = req.routeOptions.config.files;
  const bodyLimit = req.routeOptions.bodyLimit;
  const body: Record<string, unknown> = {};
  // Every temporary file of the body, from the moment its name is chosen.
  const temps: string[] = [];
  // Each file part in the order it came (null: an empty file input, nothing chosen); none of them rejects.
  const parts: Promise<TReceivedPart | null>[] = [];
  let fieldBytes = 0;
  const read = startRead(req, payload);
  const refuse = (status: number, message: string) => read.fail(new HttpError(status, message));
  try {
    await read.until((through) => {
      const bb = Busboy({
        headers: { ...req.headers, 'content-type': req.headers['content-type'] ?? '' },
        limits: {
          fieldSize: bodyLimit,
          fields: 1000,
          parts: 1000 + (caps?.maxFiles ?? 0),
          files: caps?.maxFiles ?? 0,
          fileSize: caps?.maxFileBytes ?? 0,
        },
      });
      bb.on('field', (name, value, _nameTruncated, valueTruncated) => {
        // Never a name that would reach an object's prototype.
        if (name in Object.prototype) return refuse(400, MSG_MALFORMED);
        fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
        if (valueTruncated || fieldBytes > bodyLimit) return refuse(413, MSG_TOO_LARGE);
        const prev = body[name];
        body[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      });
      bb.on('file', (name, file, filename) => {
        // busboy skips file parts past `files` (0 without caps), so a part here is one the route takes.
        if (!caps || name in Object.prototype) {
          file.resume();
          return refuse(400, caps ? MSG_MALFORMED : MSG_NO_FILES);
        }
        // The part's own errors (a body that ends inside it) are the read's: busboy may still emit them after
        // the read has ended and the part's streams are gone.
        file.on('error', () => undefined);
        file.once('limit', () => refuse(413, caps.tooLarge));
        const path = join(tmpDir, `${newId()}.part`);
        temps.push(path);
        parts.push(
          saveFilePart(file, path, read).then(
            async ({ sha256, size }): Promise<TReceivedPart | null> => {
              // An empty file input still sends a part, with no name and no bytes: nothing was chosen.
              if (!size && !filename) {
                await rm(path, { force: true });
                return null;
              }
              return { fieldname: name, filename, path, sha256, size };
            },
            (e: unknown) => {
              read.fail(e);
              return null;
            },
          ),
        );
      });
      bb.on('filesLimit', () =>
        caps ? refuse(413, `Upload at most ${caps.maxFiles} files at a time.`) : refuse(400, MSG_NO_FILES),
      );
      bb.on('partsLimit', () => refuse(413, MSG_TOO_LARGE));
      bb.on('fieldsLimit', () => refuse(413, MSG_TOO_LARGE));
      bb.on('error', (e) => read.fail(refusal(e)));
      // Every part has ended; the last bytes may still be on their way to disk.
      bb.on('finish', () => void Promise.all(parts).then(() => through()));
      // Stops reading at once: the answer is sent without waiting for the rest (the connection then closes).
      read.signal.addEventListener('abort', () => payload.unpipe(bb), { once: true });
      payload.pipe(bb);
    });
    const files = (await Promise.all(parts)).filter((f) => f !== null);
    received.set(req, files);
    return body;
  } catch (e) {
    // Ends what still runs (file parts being written), then removes every file of the body.
    read.fail(e);
    await Promise.all(parts);
    await removeAll(temps);
    throw refusal(e);
  } finally {
    read.end();
  }
}

/** Requests whose body was taken whole from their buffer (bodyAlreadyIn) before Node marked them complete. */
const takenWhole = new WeakSet<object>();

/**
 * The body, when all of it is already here: a small body comes in the packet of its headers, and a microtask
 * after the route's hooks have run (rawBytes) Node has buffered all of it, its length the one the headers gave.
 * Taken from the request's buffer at once, with none of a read's timer, abort signal and listeners, which were
 * a twentieth of a push's time on a server under load (issue 33). Null when some of it is still to come or its
 * length is not given (then it is read as any other), or when something stands between the request and
 * `payload` (a decoder).
 */
function bodyAlreadyIn(req: FastifyRequest, payload: Readable, limit: number): Buffer | null {
  const raw = req.raw;
  if ((payload as unknown) !== raw || raw.destroyed || raw.readableFlowing) return null;
  const length = req.headers['content-length'];
  const all =
    raw.complete ||
    (length !== undefined &&
      req.headers['transfer-encoding'] === undefined &&
      raw.readableLength === Number(length));
  if (!all) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for (let chunk = payload.read() as Buffer | null; chunk !== null; chunk = payload.read() as Buffer | null) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, MSG_TOO_LARGE);
    chunks.push(chunk);
  }
  takenWhole.add(raw);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/**
 * A content-type parser for a body of raw bytes (an upload's chunk) of at most `limit` bytes, read the way
 * multipart bodies are: 413 past the limit, 400 when it stops before it is through, answered at once either way.
 */
export const rawBytes =
  (limit: number) =>
  async (req: FastifyRequest, payload: Readable): Promise<Buffer> => {
    if (Number(req.headers['content-length']) > limit) throw new HttpError(413, MSG_TOO_LARGE);
    // Fastify calls this while Node is still parsing the packet that brought the headers when every hook before
    // it answered at once (a signed-in device's token is checked from memory): a microtask later, the body in
    // that packet is buffered too.
    if (!req.raw.complete) await Promise.resolve();
    const whole = bodyAlreadyIn(req, payload, limit);
    if (whole) return whole;
    const read = startRead(req, payload);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) read.fail(new HttpError(413, MSG_TOO_LARGE));
      else chunks.push(chunk);
    };
    try {
      await read.until((through) => {
        read.signal.addEventListener('abort', () => payload.off('data', onData).pause(), { once: true });
        payload.on('data', onData);
        payload.once('end', through);
      });
    } finally {
      read.end();
    }
    return Buffer.concat(chunks, size);
  };

/**
 * Request bodies are read only after the route's sign-in and permission checks (the auth plugin's onRequest
 * hook runs before any body is parsed), and calls anyone may make (no `config.auth`) get a small body limit.
 * Multipart bodies are read here, on every route: a route takes file parts only if it declares `config.files`,
 * and they go straight to disk.
 */
export default fp(async (app: FastifyInstance) => {
  const tmpDir = join(app.config.dataDir, 'uploads-tmp');
  app.decorateRequest('isMultipart', function (this: FastifyRequest) {
    return received.has(this);
  });
  app.addContentTypeParser('multipart/form-data', (req: FastifyRequest, payload: Readable) =>
    readMultipart(req, payload, tmpDir),
  );
  // JSON and urlencoded forms are read the same way, so one that stops short is answered 400 within the
  // request timeout too (Fastify's own reading waited for Node's 408), then parsed by Fastify's JSON parser
  // (prototype keys refused) and fast-querystring, as @fastify/formbody did.
  const json = app.getDefaultJsonParser('error', 'error');
  const readText = async (req: FastifyRequest, payload: Readable) =>
    (await rawBytes(req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit!)(req, payload)).toString(
      'utf8',
    );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', async (req: FastifyRequest, payload: Readable) => {
    const text = await readText(req, payload);
    return new Promise<unknown>((resolve, reject) => {
      void json(req, text, (e, body) => (e ? reject(e) : resolve(body)));
    });
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    async (req: FastifyRequest, payload: Readable) => parseQuery(await readText(req, payload)),
  );

  app.addHook('onRoute', (route) => {
    if (!route.config?.auth && route.bodyLimit === undefined) route.bodyLimit = PUBLIC_BODY_LIMIT;
  });

  // A body read in full keeps its files until the answer has gone (the handler stores or refuses them), or
  // the client went away. A callback hook: it runs on every request and answers at once.
  app.addHook('preValidation', (req, reply, done) => {
    const files = received.get(req);
    if (files?.length) {
      const discard = () => void removeAll(files.map((f) => f.path));
      if (reply.raw.destroyed) discard();
      else reply.raw.once('close', discard);
    }
    done();
  });

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
    if (hasBody && req.raw.complete === false && !takenWhole.has(req.raw))
      void reply.header('Connection', 'close');
    done(null, payload);
  });
});
