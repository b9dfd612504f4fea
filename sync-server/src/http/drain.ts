import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/connect.ts';

/** How long a stopping server waits for the requests it accepted before it cuts what is left. */
export const DRAIN_GRACE_MS = 30_000;

/**
 * A server told to stop (SIGTERM from systemd or a rolling restart, SIGINT at a terminal) drains: it stops
 * accepting connections, answers every request it has accepted (pushes included: the push writer finishes its
 * groups before the database closes, sync.routes.ts), ends its event streams (devices reconnect to another
 * server), closes the database and exits. A request that arrives on an open keep-alive connection while it
 * drains is answered too (Fastify's 503 while closing is switched off, app.ts), and every answer from then on
 * says `Connection: close`, so each connection closes after its answer and the proxy sends the next request to
 * another server; a connection left idle is closed at once. After `graceMs` whatever is still open is cut.
 */
export function drainOnSignals(
  app: FastifyInstance,
  database: DbHandle,
  {
    graceMs = DRAIN_GRACE_MS,
    signals = ['SIGTERM', 'SIGINT'] as NodeJS.Signals[],
  }: { graceMs?: number; signals?: NodeJS.Signals[] } = {},
): void {
  const open = new Set<ServerResponse>();
  let draining = false;
  const server = app.server;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  // First of the listeners: an answer the app sends at once (a kept answer) is sent within Fastify's listener.
  server.prependListener('request', (_req, res) => {
    if (draining) closeAfter(res);
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      // An answer whose headers went out before the drain (a long download) leaves its connection idle.
      if (draining) server.closeIdleConnections();
    });
  });
  const drain = async () => {
    if (draining) return;
    draining = true;
    for (const res of open) closeAfter(res);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    cut.unref();
    let code = 0;
    try {
      await app.close();
      await database.close();
    } catch (e) {
      console.error('Stopping the server failed:', e);
      code = 1;
    }
    process.exit(code);
  };
  for (const s of signals) process.on(s, () => void drain());
}
