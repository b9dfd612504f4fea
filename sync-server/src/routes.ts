import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { z } from 'zod';
import { authRoutes } from './auth/auth.routes.ts';
import { signupRoutes } from './auth/signup.routes.ts';
import { passwordResetRoutes } from './auth/password-reset.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { companiesRoutes } from './companies/companies.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { contactRequestsRoutes } from './contact-requests/contact-requests.routes.ts';
import { mailOutboxRoutes } from './mail-outbox/mail-outbox.routes.ts';
import { referenceDataRoutes } from './reference-data/reference-data.routes.ts';
import { syncRoutes } from './sync/sync.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';
import { attachmentsRoutes } from './case-files/attachments.routes.ts';
import { FILE_OWNERS } from './file-owners.ts';
import { hearingRoutes } from './case-files/hearing.routes.ts';
import { indexedDocumentsRoutes } from './case-files/indexed-documents.routes.ts';
import { peopleRoutes } from './case-files/people.routes.ts';
import { petitionsRoutes } from './case-files/petitions.routes.ts';
import { refuseNul } from './case-files/refuse-nul.ts';
import { repliesRoutes } from './case-files/replies.routes.ts';
import { pdfRoutes } from './case-documents/case-pdf.routes.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { limitationRoutes } from './limitation/limitation.routes.ts';
import { firRoutes } from './fir/fir.routes.ts';
import { meetingRoutes } from './meeting/meeting.routes.ts';
import { standardIndexRoutes } from './case-documents/standard-index.routes.ts';
import { declaredRestRoutes } from './sync/declared-rest.routes.ts';
import { boundBodyLists } from './http/body-lists.ts';
import { libraryPagesRoutes } from './library/pages.routes.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { documentRoutes } from './documents/documents.ts';
import { opinionsRoutes } from './opinions/opinions.routes.ts';
import { datedRoutes } from './case-documents/dated.routes.ts';
import { singlePdfRoutes } from './case-documents/single-pdf.routes.ts';
import { firmExportRoutes } from './firm-export/firm-export.routes.ts';

/** Every feature's routes; each feature folder owns its files, and only this file imports them. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  // Every list a body carries has a bound (http/body-lists.ts), checked before any schema or handler reads it.
  app.addHook('preValidation', boundBodyLists);
  // A successful write over the documented REST calls pokes the firm's devices too, after its commit (the
  // answer is already sent), so an office edit reaches phones within a second, not at their next timed pull.
  // Only on the routes that write (a hook on every request costs every read too).
  const poke: onResponseHookHandler = (req, reply, done) => {
    if (req.method === 'OPTIONS' || reply.statusCode >= 400) return done();
    req.optionalAuth().then(
      (ctx) => {
        if (ctx) app.pokes.poke(ctx.actor.company_id);
        done();
      },
      () => done(),
    );
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const own = route.onResponse;
    route.onResponse = own === undefined ? [poke] : [...(Array.isArray(own) ? own : [own]), poke];
  });
  app.get(
    '/api/health',
    {
      schema: { response: { 200: z.object({ ok: z.boolean(), database: z.enum(['sqlite', 'postgres']) }) } },
    },
    async () => ({ ok: true, database: app.dbKind }),
  );
  await app.register(authRoutes);
  await app.register(signupRoutes);
  await app.register(passwordResetRoutes);
  await app.register(usersRoutes);
  await app.register(companiesRoutes);
  await app.register(settingsRoutes);
  await app.register(contactRequestsRoutes);
  await app.register(mailOutboxRoutes);
  await app.register(referenceDataRoutes);
  await app.register(syncRoutes);
  await app.register(uploadsRoutes);
  // The documented case-file calls (part 1 §7, rest-contract 11–27, 33–36, 44–46, 50–58), one file per
  // sub-feature, in one scope that refuses NUL in any input. Every write goes through the sync store.
  await app.register(async (caseFiles) => {
    caseFiles.addHook('preValidation', refuseNul);
    await caseFiles.register(petitionsRoutes);
    await caseFiles.register(peopleRoutes);
    await caseFiles.register(indexedDocumentsRoutes);
    await caseFiles.register(repliesRoutes);
    await caseFiles.register(hearingRoutes);
    await caseFiles.register(datedRoutes);
    await caseFiles.register(singlePdfRoutes);
    await caseFiles.register(attachmentsRoutes, FILE_OWNERS);
    await caseFiles.register(standardIndexRoutes);
  });
  await app.register(pdfRoutes);
  // The PDFs of entities that declare a document (an invoice's): documents/documents.ts.
  await app.register(documentRoutes);
  await app.register(calendarRoutes);
  // Invoices, payments and opinions (part 3 §7), in a scope that refuses NUL in any input.
  await app.register(async (billing) => {
    billing.addHook('preValidation', refuseNul);
    await billing.register(invoicesRoutes);
    await billing.register(opinionsRoutes);
  });
  await app.register(limitationRoutes);
  await app.register(firRoutes);
  await app.register(meetingRoutes);
  await app.register(firmExportRoutes);
  // The plain calls of entities that declare them (shared-types `rest`): links, and more as they come.
  await app.register(async (declared) => {
    declared.addHook('preValidation', refuseNul);
    await declared.register(declaredRestRoutes);
    await declared.register(libraryPagesRoutes);
  });
}
