import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TActor } from '@lawfirm/shared-types';
import { forFirm } from '../sync/firm.ts';
import { notFound } from '../http/errors.ts';
import { canReadPetition } from './access.ts';
import { pdfUrl } from './pdf-urls.ts';
import {
  toApiPetitions,
  withAnswerExtras,
  type ApiPetition,
  type ListedPetition,
} from './petitions.repository.ts';

/** Case files in the API's shape, with signed PDF links made for this caller (every case-file call's answer). */
export function apiPetitions(
  app: FastifyInstance,
  req: FastifyRequest,
  actor: TActor,
  rows: readonly ListedPetition[],
) {
  return toApiPetitions(app.db, actor, rows, (id) => pdfUrl(app, req, `/api/pdf/petitions/${id}`, actor));
}

/** One readable case file in the API's shape, or 404 (another firm's, deleted, or not the caller's to read). */
export async function apiPetition(
  app: FastifyInstance,
  req: FastifyRequest,
  actor: TActor,
  id: string,
): Promise<ApiPetition> {
  // The live row of the firm with its answer's extras in one query; then whether this caller may read it.
  const row = await withAnswerExtras(forFirm(app.db, actor.company_id).live('petitions'))
    .where('petitions.id', '=', id)
    .executeTakeFirst();
  if (!row || !(await canReadPetition(app.db, actor, id))) throw notFound();
  return (await apiPetitions(app, req, actor, [row]))[0]!;
}
