import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.ts';

const API_PREFIXES = ['/api/', '/sync/', '/uploads', '/files/', '/storage/', '/password.email'];

/** Serves the built PWA; any other GET that is not an API call gets index.html (client-side routes). */
export async function registerStatic(app: FastifyInstance, config: Config): Promise<void> {
  const dir = config.pwaDistDir;
  if (!dir || !existsSync(join(dir, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    cacheControl: false,
    index: false,
    setHeaders: (res, path) => {
      // The service worker and the shell must be revalidated so a new version is noticed; hashed assets are immutable.
      if (/\/assets\//.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.get('/*', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => path.startsWith(p)))
      return reply.status(404).send({ message: `Route GET ${path} not found.` });
    const file = path.slice(1);
    if (file && !file.includes('..') && existsSync(join(dir, file)) && !file.endsWith('/'))
      return reply.sendFile(file);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
