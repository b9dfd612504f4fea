import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPullQuery, ZPullResponse, ZPushRequest, ZPushResponse } from '@lawfirm/shared-types';
import { configuredOrigin } from '../http/origin.ts';
import { HttpError } from '../http/errors.ts';
import { pull } from './pull.ts';
import { createPushWriter } from './push.ts';

/**
 * Open event streams per user and server process: one per tab or device is plenty, and a client that opens
 * hundreds would hold as many sockets. Beyond it a stream is refused (the app then syncs on its other triggers).
 */
export const MAX_EVENT_STREAMS_PER_USER = 10;
export const MSG_TOO_MANY_STREAMS =
  'Too many open connections for this account. Close the app in other tabs or on other devices.';

export async function syncRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Open event streams end when the server closes, or close() would wait for them forever. preClose, not
  // onClose: Fastify runs onClose hooks only after the HTTP server has closed, which waits for these streams.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  // Every device's push goes through one writer, which applies concurrent pushes together in group commits.
  const writer = createPushWriter(
    app.pushDb,
    app.dbKind,
    app.registry,
    (companyId) => app.pokes.poke(companyId),
    { notifyChannel: app.pokes.channel },
  );
  // A push whose device hung up is still applied: the database closes after it (http/drain.ts).
  app.addHook('onClose', () => writer.idle());

  app.post(
    '/sync/push',
    {
      bodyLimit: 10 * 1024 * 1024,
      // The writer reads the session again in the group that applies the push (push.ts).
      config: { auth: true, authRechecked: true },
      schema: { body: ZPushRequest, response: { 200: ZPushResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const body = req.body;
      let mailed = false;
      const answer = await writer.push(
        actor,
        body.clientId,
        body.mutations,
        {
          mail: async (trx, mail) => {
            await app.mailer.enqueue(mail, trx);
            mailed = true;
          },
          // Never the request's Host, which the sender chooses (auth/links.ts).
          loginUrl: `${configuredOrigin(app.config)}/login`,
        },
        req.sessionRecheck(),
      );
      // Mails queued inside the push's transactions go out now rather than at the sender's next round. Only
      // then: a wake reads the mail queue, a statement each of fifty phones' pushes paid on a busy pool.
      if (mailed) app.mailer.wake();
      return answer;
    },
  );

  app.get(
    '/sync/pull',
    { config: { auth: true }, schema: { querystring: ZPullQuery, response: { 200: ZPullResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      return pull(app.db, app.registry, actor, req.query);
    },
  );

  /**
   * Server-sent events: a "poke" whenever the firm's data changed, so devices pull within a second. No input
   * but the bearer token; the answer is a hijacked `text/event-stream` (`event: poke` / `data: {}` lines and
   * `: ping` comments every 25 s), not JSON, so it has no response schema.
   */
  const openByUser = new Map<string, number>();
  app.get('/sync/events', { config: { auth: true } }, async (req, reply) => {
    const { actor } = await req.auth();
    const open = openByUser.get(actor.id) ?? 0;
    if (open >= MAX_EVENT_STREAMS_PER_USER) throw new HttpError(429, MSG_TOO_MANY_STREAMS);
    openByUser.set(actor.id, open + 1);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    const unsubscribe = app.pokes.subscribe(actor.company_id, () => res.write('event: poke\ndata: {}\n\n'));
    const heartbeat = setInterval(() => res.write(': ping\n\n'), 25_000);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const left = (openByUser.get(actor.id) ?? 1) - 1;
      if (left > 0) openByUser.set(actor.id, left);
      else openByUser.delete(actor.id);
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(end);
      if (!res.writableEnded) res.end();
    };
    streams.add(end);
    req.raw.on('close', end);
  });
}
