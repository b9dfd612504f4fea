import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { sharedJwtSecret, type Config } from './config.ts';
import type { TFileStore } from './files/file-store.ts';
import { checkFileStore, openFileStore } from './files/open-store.ts';
import type { Db, DbHandle, DbKind } from './db/connect.ts';
import { zodValidatorCompiler } from './http/errors.ts';
import { registerAnswerCache } from './http/answer-cache.ts';
import { registerCompression } from './http/compression.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { serializerCompiler } from './http/serializer.ts';
import authPlugin from './auth/auth.plugin.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import requestBody from './http/request-body.ts';
import { registerStatic } from './plugins/static.ts';
import { mailAttachmentSources } from './mail-sources.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createPdfWorkers } from './pdf/pdf-workers.ts';
import { registerRoutes } from './routes.ts';
import { createPokeHub, type PokeHub } from './sync/poke.ts';
import type { SyncRegistry } from './sync/entities.ts';
import { REGISTRY } from './entities.ts';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: DbKind;
    /** Where the push writer runs its group commits: its own pipelined connection on PostgreSQL (db/pg-pipeline.ts). */
    pushDb: Db;
    mailer: Mailer;
    pokes: PokeHub;
    /** Every stored file's bytes: the data folder or an S3-compatible store (files/file-store.ts). */
    files: TFileStore;
    /** The synced entities and access sets (sync-server/src/entities.ts). */
    registry: SyncRegistry;
  }
}

export type BuildOptions = { config: Config; database: DbHandle; logger?: boolean };

export async function buildApp({ config, database, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const check = Math.min(5_000, config.requestTimeoutMs);
  const options: FastifyHttpOptions<Server> = {
    logger: logger ? { level: 'info' } : false,
    // Only trust X-Forwarded-* from a proxy the operator names; otherwise anyone could dodge per-IP rate limits.
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // A slow client may not hold a connection: a request's body (a resumable upload sends chunks of 256 KB) must
    // arrive within config.requestTimeoutMs (a minute), its headers within 20 s. Bodies the server reads itself
    // (multipart forms, upload chunks) are answered 400 at that time by http/request-body.ts; Node's own cut (a
    // 408, checked every `check` ms) is the backstop for the others, one check later so that it does not cut
    // a body the server is still timing. A connection with no traffic either way for 2 minutes is closed (event
    // streams send a ping every 25 s).
    requestTimeout: config.requestTimeoutMs + check,
    connectionTimeout: 120_000,
    keepAliveTimeout: 72_000,
    http: {
      headersTimeout: Math.min(20_000, config.requestTimeoutMs),
      connectionsCheckingInterval: check,
    },
    // Our ids are UUIDs; a path longer than this is never a real call.
    routerOptions: { maxParamLength: 200 },
    // A request that reaches a stopping server on an open connection is answered, not refused (http/drain.ts).
    return503OnClosing: false,
  };
  // Servers on one PostgreSQL database without JWT_SECRET share the secret kept there (config.ts).
  if (config.jwtSecretFrom === 'database' && config.jwtSecret.length === 0)
    config.jwtSecret = (await sharedJwtSecret(database.db, config.dataDir)).secret;
  const app = Fastify(options);
  app.decorate('config', config);
  app.decorate('files', await openFileStore(config.fileStore, config.dataDir));
  await checkFileStore(app.files);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('pushDb', database.writer ?? database.db);
  app.decorate('registry', REGISTRY);
  // The mailer's attachment makers (an invoice's PDF) use the PDF workers below when a mail is made, not now.
  app.decorate('mailer', createMailer(database.db, config, mailAttachmentSources(app), app.files));
  app.decorate('pokes', await createPokeHub(database.kind === 'postgres' ? config.databaseUrl : null));
  // PDF building and PDF upload checks run in worker threads, never on this event loop (pdf/pdf-workers.ts).
  app.decorate('pdfWorkers', createPdfWorkers(config.pdfBuild, config.fileStore));
  app.addHook('onClose', () => app.pdfWorkers.close());
  app.addHook('onClose', async () => {
    app.mailer.stop();
    await app.pokes.close();
  });

  // Route schemas are zod (DESIGN §6): requests are parsed by the shared schemas, answers checked on the way out
  // (by a serializer compiled from the answer schemas: http/serializer.ts).
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Helmet's headers, computed once at start (http/security-headers.ts).
  registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Google's script and verification only when a reCAPTCHA key is configured (sign-up bot check).
          scriptSrc: [
            "'self'",
            ...(config.captcha.recaptchaSiteKey ? ['https://www.google.com', 'https://www.gstatic.com'] : []),
          ],
          connectSrc: ["'self'", ...(config.captcha.recaptchaSiteKey ? ['https://www.google.com'] : [])],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'", 'https:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    },
    { apiPrefixes: ['/api/', '/sync/'], documentPrefixes: ['/api/pdf/'] },
  );
  // Only listed origins get CORS answers (a firm's other front end during a migration); others get none, and
  // with none listed the plugin is not registered at all.
  if (config.corsOrigins.length)
    await app.register(cors, {
      origin: (origin, cb) => cb(null, !!origin && config.corsOrigins.includes(origin)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Upload-Offset', 'Upload-Length'],
      credentials: false,
      maxAge: 600,
    });
  await app.register(cookie);
  // Multipart forms (login, /password.email arrive so) read after the sign-in check, files straight to disk.
  await app.register(requestBody);
  // preHandler: the sign-up and reset limits run before any captcha check or hashing (logins: auth/login-throttle.ts).
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(authPlugin);
  registerAnswerCache(app);
  // After the answer cache: kept answers are encoded by the cache once per encoding, the rest per request.
  await registerCompression(app);
  await app.register(registerRoutes);
  await registerStatic(app, config);
  return app;
}
