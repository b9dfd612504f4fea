import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayInPakistan, type TActor } from '@lawfirm/shared-types';
import { caseFileName, pdfFileName } from '@lawfirm/shared-types/pdf/index.ts';
import { canReadPetition, requireEditor } from '../case-files/access.ts';
import { sendPdf } from '../http/content-disposition.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { pdfActor } from '../case-files/pdf-auth.ts';
import {
  ZPdfDocumentParams,
  ZPdfOrderSheetsParams,
  ZPdfPetitionParams,
  ZPdfQuery,
} from '../case-files/pdf.types.ts';
import type { TPdfBuild } from '../pdf/pdf-workers.ts';
import { standardSectionsOf } from './standard-index.ts';
import { pdfDocumentOf, pdfModelOf, requireDownloader } from './single-pdf.ts';
import { datedSectionsOf } from './dated-pdf.ts';
import { inCaseOrder } from '@lawfirm/shared-types/case-documents/dated.pdf.ts';
import {
  caseHeaderOf,
  findPetition,
  indexEntriesOf,
  orderSheetsOf,
  pendingCasesOf,
  siteNameOf,
} from './case-pdf.repository.ts';

/**
 * The PDF downloads behind the server's pdf_download_url / file_path / url answers (DESIGN §6). They are built
 * by the same shared builders the PWA uses offline, in a PDF worker thread with a time and memory budget
 * (pdf-workers.ts), so a slow document never holds up another request. A case file of another firm, or one
 * the caller may not read, is a 404 like an id that never existed. Every route answers the PDF's bytes
 * (application/pdf, as an attachment), not JSON, so only their errors have a response schema.
 */
export async function pdfRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** What every builder starts from: the caller's firm's site name. */
  const firmBasics = async (actor: TActor) => ({ siteName: await siteNameOf(app.db, actor.company_id) });
  /** Builds off the event loop, reading the caller's firm's stored files. */
  const build = (actor: TActor, job: TPdfBuild) =>
    app.pdfWorkers.build(job, { dataDir: app.config.dataDir, companyId: actor.company_id });
  /** A case file the caller may read (else 404), with the header every case-file PDF prints. */
  const readableCaseFile = async (actor: TActor, id: string) => {
    const p = await findPetition(app.db, actor.company_id, id);
    if (!p || !(await canReadPetition(app.db, actor, p.id))) throw notFound();
    return { p, caseFile: await caseHeaderOf(app.db, p) };
  };

  app.get(
    '/api/pdf/petitions/:id',
    { schema: { params: ZPdfPetitionParams, querystring: ZPdfQuery } },
    async (req, reply) => {
      const actor = await pdfActor(app, req);
      const { p, caseFile } = await readableCaseFile(actor, req.params.id);
      const bytes = await build(actor, {
        kind: 'caseFile',
        data: {
          ...(await firmBasics(actor)),
          caseFile,
          index: await indexEntriesOf(app.db, p),
          // Every module's items in the case's order (the standard index lists, the dated modules).
          sections: inCaseOrder([
            ...(await standardSectionsOf(app.db, p)),
            ...(await datedSectionsOf(app.db, p)),
          ]),
        },
      });
      return sendPdf(reply, caseFileName(caseFile), bytes);
    },
  );

  app.get('/api/pdf/pending-cases', { schema: { querystring: ZPdfQuery } }, async (req, reply) => {
    const actor = await pdfActor(app, req);
    // The rule of GET /api/get_pending_cases, whose answer carries this link: not for students (part 1 §6).
    if (actor.is_student) throw forbidden();
    const today = todayInPakistan();
    const bytes = await build(actor, {
      kind: 'pendingCases',
      data: { ...(await firmBasics(actor)), rows: await pendingCasesOf(app.db, actor), today },
    });
    return sendPdf(reply, pdfFileName('Pending Cases', today), bytes);
  });

  app.get(
    '/api/pdf/order-sheets/:petition_id',
    { schema: { params: ZPdfOrderSheetsParams, querystring: ZPdfQuery } },
    async (req, reply) => {
      const actor = await pdfActor(app, req);
      // Printing order sheets is for admins and lawyers (part 1 §6).
      requireEditor(actor);
      const { p, caseFile } = await readableCaseFile(actor, req.params.petition_id);
      const bytes = await build(actor, {
        kind: 'orderSheets',
        data: { ...(await firmBasics(actor)), caseFile, sheets: await orderSheetsOf(app.db, p) },
      });
      return sendPdf(reply, caseFileName(caseFile, 'Dates Of Hearing'), bytes);
    },
  );

  // Registered after the fixed paths above, which Fastify prefers over this parametric one anyway. A model
  // that has no PDF is a 404 (no such document), not invalid input, so the params are checked by the handler.
  app.get(
    '/api/pdf/:model/:id',
    { schema: { params: ZPdfDocumentParams, querystring: ZPdfQuery } },
    async (req, reply) => {
      const actor = await pdfActor(app, req);
      const pm = pdfModelOf(req.params.model);
      if (!pm) throw notFound();
      // The rule of POST /api/download_single_petition_index_pdf, which hands out this link (the model's own).
      requireDownloader(actor, pm);
      const doc = await pdfDocumentOf(app.db, actor.company_id, pm, req.params.id);
      if (!doc) throw notFound();
      const { caseFile } = await readableCaseFile(actor, doc.petitionId);
      const bytes = await build(actor, {
        kind: 'document',
        data: { ...(await firmBasics(actor)), caseFile, kind: doc.kind, document: doc.entry },
      });
      return sendPdf(reply, caseFileName(caseFile, doc.entry.description), bytes);
    },
  );
}
