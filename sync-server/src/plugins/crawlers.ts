import type { FastifyInstance } from 'fastify';
import { configuredOrigin } from '../http/origin.ts';
import type { Config } from '../config.ts';

/**
 * The pages anyone may open (pwa/src/app/routes.tsx, access 'guest' or 'public'): the landing page, sign-in,
 * sign-up and the public tools. Pages behind sign-in, one-time links and results of a form are left out.
 */
export const PUBLIC_PAGES = [
  '/',
  '/login',
  '/sign-up',
  '/limitation-calculator',
  '/fir-reader',
  '/about-elawfirm',
] as const;

/** What crawlers must not fetch: the API, sync, uploads and stored files, none of them pages. */
const NOT_PAGES = ['/api/', '/sync/', '/uploads', '/files/', '/storage/'];

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...NOT_PAGES.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGES.map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * /robots.txt and /sitemap.xml, with absolute links on PUBLIC_URL (or the local address), never on the
 * request's Host: whoever sends the request chooses that (auth/links.ts).
 */
export function registerCrawlerFiles(app: FastifyInstance, config: Config): void {
  const origin = configuredOrigin(config);
  const robots = robotsTxt(origin);
  const sitemap = sitemapXml(origin);
  app.get('/robots.txt', (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
  );
  app.get('/sitemap.xml', (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemap),
  );
}
