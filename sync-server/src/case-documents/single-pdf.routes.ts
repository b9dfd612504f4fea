import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSinglePdfInput } from '@lawfirm/shared-types';
import { canReadPetition } from '../case-files/access.ts';
import { ownerTypeOf } from '../case-files/attachments.repository.ts';
import { ZFilePathResponse } from '../case-files/case-files.types.ts';
import { pdfUrl } from '../case-files/pdf-urls.ts';
import { forFirm } from '../sync/firm.ts';
import { notFound, validationError } from '../http/errors.ts';
import { pdfModelOf, requireDownloader } from './single-pdf.ts';

const MSG_NO_PDF = 'This kind of document cannot be downloaded as a PDF here.';

/**
 * rest-contract 27: a link to one module item's PDF, for every model that declares one (single-pdf.ts), to whom
 * its declaration gives it: every reader of the case file for the modules of part 2, admins and lawyers for
 * the petition index and replies (part 1 §6). Another firm's id, or one of a case file the caller may not
 * read, is a 404.
 */
export async function singlePdfRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/download_single_petition_index_pdf',
    {
      config: { auth: 'petitions.read' },
      schema: { body: ZSinglePdfInput, response: { 200: ZFilePathResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const data = req.body;
      const pm = pdfModelOf(ownerTypeOf(data.model ?? data.model_type));
      if (!pm) throw validationError({ model: [MSG_NO_PDF] });
      requireDownloader(actor, pm);
      const row = await forFirm(app.db, actor.company_id).find(pm.table, data.id);
      if (!row || !(await canReadPetition(app.db, actor, String(row.petition_id)))) throw notFound();
      return { file_path: pdfUrl(app, req, `/api/pdf/${pm.model}/${row.id}`, actor) };
    },
  );
}
