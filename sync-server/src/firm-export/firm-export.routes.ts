import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayInPakistan } from '@lawfirm/shared-types';
import { writableSink } from '../files/zip/zip-sinks.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { notFound } from '../http/errors.ts';
import { safeSegment } from './export-files.ts';
import { estimatedBytes, writeFirmArchive } from './firm-export.ts';

/** The download's name: the firm and the day, e.g. "Demo Law Associates data 2026-11-28.zip". */
export const exportFileName = (firmName: string, madeAt: Date): string =>
  `${safeSegment(`${firmName} data`, 100)} ${todayInPakistan(madeAt)}.zip`;

/** The answer's headers that describe the zip, dropped when an error is answered instead. */
const ZIP_HEADERS = ['Content-Type', 'Content-Disposition', 'X-Export-Estimated-Bytes'];

/**
 * GET /api/firm_export: everything of the admin's firm in one zip (firm-export.ts), sent as it is made. The
 * firm is the signed-in admin's, from the server's own session row; the call takes no parameter (any sent is
 * ignored), so no request can name another firm.
 */
export async function firmExportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/firm_export',
    {
      config: { auth: 'firm.export' },
      // Already a zip: its stored files are mostly compressed, and a second encoding would hide its length.
      compress: false,
      schema: { querystring: z.object({}) },
    },
    async (req, reply) => {
      const { actor, user } = await req.authorize('firm.export');
      const firm = await app.db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where('id', '=', actor.company_id)
        .executeTakeFirst();
      if (!firm) throw notFound();
      const madeAt = new Date();
      // The zip's length is known only once it is made: its files' bytes let a download show its progress.
      const estimate = await estimatedBytes(app.db, firm.id);
      if (estimate !== null) reply.header('X-Export-Estimated-Bytes', String(estimate));
      // Made as the connection takes it (each write waits for the answer's buffer to drain). On a failure the
      // body is closed unfinished: before its first bytes Fastify answers with an error instead (a {message},
      // so the zip's headers go), after them it cuts the connection; the browser reports a failed download,
      // never a short zip. Closed without an 'error' event (the failure is logged here): the body may not be
      // Fastify's yet, and an 'error' event nobody listens to would end the process.
      const body = new PassThrough();
      const failed = (e: unknown) => {
        req.log.error({ err: e }, 'The firm export failed');
        if (!reply.raw.headersSent)
          for (const name of ZIP_HEADERS) {
            reply.removeHeader(name);
            reply.raw.removeHeader(name);
          }
        body.destroy();
      };
      writeFirmArchive(
        {
          db: app.db,
          files: app.files,
          firm,
          madeBy: { id: user.id, name: user.name, email: user.email },
          madeAt,
        },
        writableSink(body),
      ).catch(failed);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', contentDisposition(exportFileName(firm.name, madeAt)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
}
