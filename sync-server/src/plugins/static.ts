import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.ts';
import { registerCrawlerFiles } from './crawlers.ts';
import { appPathMatcher } from '../http/app-paths.ts';

const API_PREFIXES = ['/api/', '/sync/', '/uploads', '/files/', '/storage/', '/password.email'];

/** Files, never client-side routes: a missing one is a 404, not the app's HTML under a script's name. */
const FILE_PATH =
  /^\/assets\/|\.(?:js|mjs|css|map|json|webmanifest|png|jpe?g|svg|ico|woff2?|ttf|otf|txt|xml|br|gz)$/;

/** The build's precompressed copies (scripts/build/precompress.ts) are served for their originals only. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** Paths that may have a page prerendered by the build (scripts/build/prerender-pages.ts): `/`, `/login`… */
const PAGE_PATH = /^\/[a-z0-9-]*$/;

/**
 * Serves the built PWA; any other GET that is not an API call gets index.html (client-side routes; 404 for a path
 * that is none of the app's screens), or the page
 * the build prerendered for that path (pages/index.html for `/`, pages/login.html…). Each file goes out as the
 * build's brotli or gzip copy when the browser accepts it (br first), raw otherwise, with Vary: Accept-Encoding.
 */
export async function registerStatic(app: FastifyInstance, config: Config): Promise<void> {
  registerCrawlerFiles(app, config);
  const dir = config.pwaDistDir;
  if (!dir || !existsSync(join(dir, 'index.html'))) return;
  const isAppPath = appPathMatcher(join(dir, 'pages', 'app-paths.json'));
  const prerendered = (path: string) => {
    const page = `pages/${path === '/' ? 'index' : path.slice(1)}.html`;
    return PAGE_PATH.test(path) && path !== '/index' && isFile(join(dir, page)) ? page : null;
  };
  await app.register(fastifyStatic, {
    root: dir,
    cacheControl: false,
    index: false,
    // No route per file: the handler below serves them, so every static answer takes one path.
    serve: false,
    preCompressed: true,
    allowedPath: (path) => !COMPRESSED_COPY.test(path),
    setHeaders: (res, path) => {
      // The service worker and the shell must be revalidated so a new version is noticed; hashed assets are immutable.
      if (/\/assets\//.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Vary', 'accept-encoding');
    },
  });
  // Never compressed on the fly: a file goes out as the build's copy or as it is (Range requests stay valid).
  app.get('/*', { compress: false }, async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => path.startsWith(p)))
      return reply.status(404).send({ message: `Route GET ${path} not found.` });
    const file = path.slice(1);
    if (file && !file.includes('..') && !COMPRESSED_COPY.test(file) && isFile(join(dir, file)))
      return reply.sendFile(file);
    if (FILE_PATH.test(path)) return reply.status(404).send({ message: `File ${path} not found.` });
    // A path the app has no screen for is a 404 (its shell still goes out: the app shows "We couldn't find this page.").
    return reply
      .status(isAppPath(path) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .sendFile(prerendered(path) ?? 'index.html');
  });
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
