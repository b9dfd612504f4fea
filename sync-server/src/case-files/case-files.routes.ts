import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { containsNul, MSG_NUL } from './case-files.schema.ts';
import { attachmentsRoutes } from './attachments.routes.ts';
import { hearingRoutes } from './hearing.routes.ts';
import { indexedDocumentsRoutes } from './indexed-documents.routes.ts';
import { peopleRoutes } from './people.routes.ts';
import { petitionsRoutes } from './petitions.routes.ts';
import { repliesRoutes } from './replies.routes.ts';

/**
 * The documented case-file calls (part 1 §7, rest-contract 11–27, 33–36, 44–46, 50–58), one file per
 * sub-feature. Every write goes through the sync store, so what the original client changes reaches devices.
 */
export async function caseFilesRoutes(app: FastifyInstance): Promise<void> {
  // Before any handler reads the input: a NUL in a text value would fail the query on PostgreSQL (a 500).
  app.addHook('preHandler', async (req) => {
    if (containsNul(req.query) || containsNul(req.params) || containsNul(req.body))
      throw new HttpError(422, MSG_NUL);
  });
  await app.register(petitionsRoutes);
  await app.register(peopleRoutes);
  await app.register(indexedDocumentsRoutes);
  await app.register(repliesRoutes);
  await app.register(hearingRoutes);
  await app.register(attachmentsRoutes);
}
