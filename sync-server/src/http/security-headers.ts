import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderStep = { set: string; value: string } | { remove: string };

/**
 * The header steps helmet takes for these options, recorded once. Helmet's middleware only sets and removes
 * response headers, and with fixed options (no per-request directive functions) it takes the same steps for
 * every request; @fastify/helmet rebuilt the middleware, parsing the whole CSP, on every request instead.
 */
function helmetSteps(options: HelmetOptions): HeaderStep[] {
  const directives = typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy : {};
  for (const values of Object.values(directives.directives ?? {}))
    if (
      typeof values === 'function' ||
      (Array.isArray(values) && values.some((v) => typeof v === 'function'))
    )
      throw new Error('security headers are computed once: CSP directives must not be functions');
  const steps: HeaderStep[] = [];
  // A response that records the header steps instead of keeping headers; never written or sent.
  class RecordingResponse extends ServerResponse {
    override setHeader(name: string, value: number | string | readonly string[]): this {
      steps.push({ set: name, value: String(value) });
      return this;
    }
    override removeHeader(name: string): void {
      steps.push({ remove: name });
    }
  }
  const req = new IncomingMessage(new Socket());
  let failed: unknown = null;
  helmet(options)(req, new RecordingResponse(req), (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed !== null) throw failed instanceof Error ? failed : new Error('helmet refused its options');
  return steps;
}

/**
 * The headers of an API answer (JSON, never rendered as a page): what OWASP's REST security sheet asks of an
 * API. Helmet's document headers (the page's CSP, COOP, DNS prefetch…) govern pages, not data, and would
 * quadruple every small answer's header bytes.
 */
const API_HEADERS: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/**
 * Security headers on every answer (errors and 404s too), as the request arrives: helmet's for pages and
 * downloads, the API set for JSON calls (paths under `apiPrefixes`, except `documentPrefixes`, which answer
 * documents a browser renders, such as PDFs).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  paths: { apiPrefixes: string[]; documentPrefixes: string[] } = { apiPrefixes: [], documentPrefixes: [] },
): void {
  const steps = helmetSteps(options);
  const isApi = (url: string) =>
    paths.apiPrefixes.some((p) => url.startsWith(p)) &&
    !paths.documentPrefixes.some((p) => url.startsWith(p));
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    if (isApi(req.url)) for (const [name, value] of API_HEADERS) res.setHeader(name, value);
    else
      for (const step of steps) {
        if ('set' in step) res.setHeader(step.set, step.value);
        else res.removeHeader(step.remove);
      }
    done();
  });
}
