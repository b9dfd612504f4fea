import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TActor } from '@lawfirm/shared-types';
import { notFound } from '../http/errors.ts';
import { findReadablePetition } from './access.ts';
import { pdfUrl } from './pdf-urls.ts';
import { toApiPetitions, type ApiPetition, type PetitionRow } from './petitions.repository.ts';

/** Case files in the API's shape, with signed PDF links made for this caller (every case-file call's answer). */
export function apiPetitions(app: FastifyInstance, req: FastifyRequest, actor: TActor, rows: PetitionRow[]) {
  return toApiPetitions(app.db, actor.company_id, rows, (id) =>
    pdfUrl(app, req, `/api/pdf/petitions/${id}`, actor),
  );
}

/** One readable case file in the API's shape, or 404 (another firm's, deleted, or not the caller's to read). */
export async function apiPetition(
  app: FastifyInstance,
  req: FastifyRequest,
  actor: TActor,
  id: string,
): Promise<ApiPetition> {
  const row = await findReadablePetition(app.db, actor, id);
  if (!row) throw notFound();
  return (await apiPetitions(app, req, actor, [row]))[0]!;
}
