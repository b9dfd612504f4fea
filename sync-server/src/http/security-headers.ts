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
  const res = {
    setHeader: (name: string, value: unknown) => void steps.push({ set: name, value: String(value) }),
    removeHeader: (name: string) => void steps.push({ remove: name }),
  };
  let failed: unknown = null;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed !== null) throw failed instanceof Error ? failed : new Error('helmet refused its options');
  return steps;
}

/** Helmet's security headers on every answer (errors and 404s too), as the request arrives. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const steps = helmetSteps(options);
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const step of steps) {
      if ('set' in step) res.setHeader(step.set, step.value);
      else res.removeHeader(step.remove);
    }
    done();
  });
}
