import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { TActor } from '@lawfirm/shared-types';
import {
  buildCaseFilePdf,
  buildDocumentPdf,
  buildOrderSheetsPdf,
  buildPendingCasesPdf,
  caseFileName,
  pdfFileName,
} from '@lawfirm/shared-types/pdf/index.ts';
import { canReadPetition } from '../case-files/access.ts';
import { todayInPakistan } from '../case-files/hearing.routes.ts';
import { notFound, parse } from '../http/errors.ts';
import { contentDisposition } from '../uploads/uploads.routes.ts';
import { pdfActor } from './pdf-auth.ts';
import { serverLoadBytes } from './pdf-assets.ts';
import {
  caseHeaderOf,
  documentOf,
  findPetition,
  indexEntriesOf,
  orderSheetsOf,
  pendingCasesOf,
  siteNameOf,
} from './pdf.repository.ts';

const ZId = z.object({ id: z.string().min(1).max(100) });
const ZPetitionId = z.object({ petition_id: z.string().min(1).max(100) });
const ZModel = z.object({
  model: z.enum(['PetitionIndex', 'PetitionReply']),
  id: z.string().min(1).max(100),
});

function sendPdf(reply: FastifyReply, name: string, bytes: Uint8Array) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition(name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * The PDF downloads behind the server's pdf_download_url / file_path / url answers (DESIGN §6). They are built
 * by the same shared builders the PWA uses offline. A case file of another firm, or one the caller may not
 * read, is a 404 like an id that never existed.
 */
export async function pdfRoutes(app: FastifyInstance): Promise<void> {
  const readablePetition = async (actor: TActor, id: string) => {
    const p = await findPetition(app.db, actor.company_id, id);
    if (!p || !(await canReadPetition(app.db, actor, p.id))) throw notFound();
    return p;
  };
  const host = (actor: TActor) => ({
    loadBytes: serverLoadBytes(app.config.dataDir, actor.company_id),
  });

  app.get('/api/pdf/petitions/:id', async (req, reply) => {
    const actor = await pdfActor(app, req);
    const p = await readablePetition(actor, parse(ZId, req.params).id);
    const caseFile = await caseHeaderOf(app.db, p);
    const bytes = await buildCaseFilePdf({
      ...host(actor),
      siteName: await siteNameOf(app.db, actor.company_id),
      caseFile,
      index: await indexEntriesOf(app.db, p),
    });
    return sendPdf(reply, caseFileName(caseFile), bytes);
  });

  app.get('/api/pdf/pending-cases', async (req, reply) => {
    const actor = await pdfActor(app, req);
    const today = todayInPakistan();
    const bytes = await buildPendingCasesPdf({
      ...host(actor),
      siteName: await siteNameOf(app.db, actor.company_id),
      rows: await pendingCasesOf(app.db, actor),
      today,
    });
    return sendPdf(reply, pdfFileName('Pending Cases', today), bytes);
  });

  app.get('/api/pdf/order-sheets/:petition_id', async (req, reply) => {
    const actor = await pdfActor(app, req);
    const p = await readablePetition(actor, parse(ZPetitionId, req.params).petition_id);
    const caseFile = await caseHeaderOf(app.db, p);
    const bytes = await buildOrderSheetsPdf({
      ...host(actor),
      siteName: await siteNameOf(app.db, actor.company_id),
      caseFile,
      sheets: await orderSheetsOf(app.db, p),
    });
    return sendPdf(reply, caseFileName(caseFile, 'Dates Of Hearing'), bytes);
  });

  // Registered after the fixed paths above, which Fastify prefers over this parametric one anyway.
  app.get('/api/pdf/:model/:id', async (req, reply) => {
    const actor = await pdfActor(app, req);
    const params = req.params as Record<string, unknown>;
    const parsed = ZModel.safeParse(params);
    if (!parsed.success) throw notFound();
    const { model, id } = parsed.data;
    const doc = await documentOf(app.db, actor.company_id, model, id);
    if (!doc) throw notFound();
    const p = await readablePetition(actor, doc.petitionId);
    const caseFile = await caseHeaderOf(app.db, p);
    const bytes = await buildDocumentPdf({
      ...host(actor),
      siteName: await siteNameOf(app.db, actor.company_id),
      caseFile,
      kind: model === 'PetitionIndex' ? 'Index' : 'Reply',
      document: doc.entry,
    });
    return sendPdf(reply, caseFileName(caseFile, doc.entry.description), bytes);
  });
}
