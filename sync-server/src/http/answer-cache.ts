import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  onRequestHookHandler,
} from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { dataGenerationNow } from '../db/connect.ts';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD, GZIP_LEVEL } from './compression.ts';
import { authContextNow, authGeneration, type AuthContext } from '../auth/auth.plugin.ts';
import { speedSwitches } from '../speed/switches.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * The route's 200 answers may be given again, byte for byte, to the same user asking the same URL while
     * the database is unchanged (http/answer-cache.ts). Only for GET routes whose answer is a function of the
     * database, the session, the Origin, the URL and the host (links), and of the clock only within ANSWER_TTL_MS.
     */
    answerCache?: boolean;
  }
}

/**
 * How long a kept answer may be given again at most, even with the database unchanged: answers carry signed
 * PDF links valid for ten minutes (case-files/pdf-urls.ts), so a link handed out is always good for nine.
 */
export const ANSWER_TTL_MS = 60_000;
/** Kept answers, in bytes, at most; the least recently used make room. */
const MAX_BYTES = 32 * 1024 * 1024;

type Encoding = 'br' | 'gzip';
type Kept = {
  generation: string;
  body: Buffer;
  contentType: string;
  until: number;
  /** The body encoded for clients that accept it, made once when first asked for. */
  encoded: Partial<Record<Encoding, Buffer>>;
};

/**
 * The encoding to answer with for an Accept-Encoding header: br, else gzip, when accepted (q above 0, or `*`),
 * else none. The same preference as the compression plugin (http/compression.ts), which encodes the answers
 * not kept here.
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (e: string) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/**
 * The answers of the hot REST reads, kept while the data they were read from is unchanged. The check is exact,
 * not a time-out: every answer is keyed by the database's generation (db/connect.ts dataGenerationNow: this
 * process's writes and the WAL index header, which moves when another process commits), read when the request
 * starts and again when its answer is ready; an answer is kept only when both agree (nothing was written while
 * it was read) and given again only while the generation is still the one it was read at. The auth check runs
 * before, on every request, as always: a blocked user is refused whatever is kept. On PostgreSQL the
 * generation is the snapshot the auth check's statement ran at (pg_current_snapshot(), read in that same
 * statement): any commit of any writer, this process's or another's, changes it, with no message to lose. On
 * SQLite a request made while the connection is lent to a writer is computed.
 *
 * Switch: SPEED_ANSWER_CACHE=0 (speed/switches.ts) computes every answer. Its key leans on the generation
 * (db/wal-header.ts on SQLite), whose tripwire is in speed-tripwires.test.ts.
 */
export function registerAnswerCache(app: FastifyInstance): void {
  if (!speedSwitches().answerCache) return;
  const kept = new Map<string, Kept>();
  let bytes = 0;
  const started = new WeakMap<FastifyRequest, { key: string; generation: string }>();

  const sizeOf = (entry: Kept) =>
    entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);
  const forget = (key: string, entry: Kept) => {
    kept.delete(key);
    bytes -= sizeOf(entry);
  };
  const makeRoom = () => {
    for (const [k, e] of kept) {
      if (bytes <= MAX_BYTES) break;
      forget(k, e);
    }
  };
  /**
   * The kept answer as this request accepts it: encoded once per entry and encoding (a list page costs far
   * more to compress than to send), with the headers the compression plugin would set; it then leaves the
   * answer alone (it has a Content-Encoding).
   */
  const bodyFor = (req: FastifyRequest, reply: FastifyReply, entry: Kept): Buffer => {
    const encoding =
      entry.body.length >= COMPRESS_THRESHOLD ? preferredEncoding(req.headers['accept-encoding']) : null;
    if (!encoding) return entry.body;
    let body = entry.encoded[encoding];
    if (!body) {
      body = entry.encoded[encoding] = encode(entry.body, encoding);
      if (kept.has(entryKeys.get(entry)!)) {
        bytes += body.length;
        makeRoom();
      }
    }
    reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    return body;
  };
  const entryKeys = new WeakMap<Kept, string>();
  // Per session (the original client's working-day token and the PWA's token of one user are two sessions)
  // and per Origin: what an answer shows may depend on which client asks (users/original-client.ts).
  const keyOf = (req: FastifyRequest, ctx: AuthContext) =>
    `${ctx.sessionId}\n${req.headers.origin ?? ''}\n${req.protocol}://${req.host}${req.url}`;

  /** Sends the kept answer if there is one for this request at `generation` (true), else notes the start. */
  const answerKept = (req: FastifyRequest, reply: FastifyReply, ctx: AuthContext, generation: string) => {
    const key = keyOf(req, ctx);
    const entry = kept.get(key);
    if (entry) {
      if (entry.generation === generation && entry.until > Date.now()) {
        // Most recently used last.
        kept.delete(key);
        kept.set(key, entry);
        reply.header('content-type', entry.contentType);
        void reply.send(bodyFor(req, reply, entry));
        return true;
      }
      forget(key, entry);
    }
    started.set(req, { key, generation });
    return false;
  };

  // A callback hook: with the auth check answered at once (SQLite, idle), the request goes on in the same turn.
  // It runs right after the auth check (the route's onRequest hooks follow the app's), before the query is
  // validated: a URL whose answer was kept passed that validation, which depends on the URL alone.
  const lookup: onRequestHookHandler = (req, reply, done) => {
    // The generation the auth check read the user at, when it read at once: the answer then matches it.
    const generation = authGeneration(req) ?? dataGenerationNow(app.db);
    if (generation === undefined) return done();
    const ctx = authContextNow(req);
    if (ctx) {
      if (!answerKept(req, reply, ctx, generation)) done();
      return;
    }
    req.auth().then(
      (c) => {
        if (!answerKept(req, reply, c, generation)) done();
      },
      (e: unknown) => done(e instanceof Error ? e : new Error(String(e))),
    );
  };

  /**
   * Whether an answer read from `generation` on may be kept under it. SQLite: the generation is read again, so
   * nothing was written while the answer was read. PostgreSQL: the generation is the snapshot the auth check's
   * statement ran at, and every read of the answer ran after it (read committed), so it saw at least that
   * snapshot's data; a commit since then, read or not, changes the snapshot (a committed writer leaves its
   * list of transactions in progress or was past its horizon), so a later request never matches the label and
   * an answer that saw the commit is never given again.
   */
  const unchangedSince = (generation: string) =>
    generation.startsWith('pg:') || dataGenerationNow(app.db) === generation;

  const onSend: onSendHookHandler = (req, reply, payload, done) => {
    const start = started.get(req);
    if (start && reply.statusCode === 200 && typeof payload === 'string') {
      const contentType = reply.getHeader('content-type');
      if (typeof contentType === 'string' && unchangedSince(start.generation)) {
        const body = Buffer.from(payload);
        if (body.length <= MAX_BYTES / 8) {
          const old = kept.get(start.key);
          if (old) forget(start.key, old);
          const entry: Kept = {
            generation: start.generation,
            body,
            contentType,
            until: Date.now() + ANSWER_TTL_MS,
            encoded: {},
          };
          kept.set(start.key, entry);
          entryKeys.set(entry, start.key);
          bytes += body.length;
          makeRoom();
          done(null, bodyFor(req, reply, entry));
          return;
        }
        done(null, body);
        return;
      }
    }
    done(null, payload);
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.answerCache) return;
    const methods = toList(route.method);
    if (!methods.every((m) => m === 'GET' || m === 'HEAD'))
      throw new Error(`answerCache is for GET routes (${route.url})`);
    // Answers are kept per signed-in session: a route open to anyone has no key.
    if (!route.config.auth) throw new Error(`answerCache is for routes that need sign-in (${route.url})`);
    // Fastify adds a HEAD route beside each GET; only the GET answers are kept.
    if (!methods.includes('GET')) return;
    route.onRequest = [...toList(route.onRequest), lookup];
    route.onSend = [...toList(route.onSend), onSend];
  });
}

const toList = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);
