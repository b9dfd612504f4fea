import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, type TActor } from '@lawfirm/shared-types';
import { forbidden, notFound, parse } from '../http/errors.ts';
import { findReadablePetition } from './access.ts';
import { attachmentsByOwner } from './attachments.repository.ts';
import {
  MSG_PENDING_TAG_INSERTED,
  MSG_PENDING_TAG_REMOVED,
  MSG_PETITION_REQUIRED,
  requiredId,
  ZPetitionListQuery,
} from './case-files.schema.ts';
import { listIndexedDocuments, PETITION_INDEX } from './indexed-documents.ts';
import { pdfUrl } from './pdf-urls.ts';
import {
  listPendingCases,
  listPetitions,
  PETITIONS_PER_PAGE,
  toApiPetitions,
  type ApiPetition,
  type PetitionRow,
} from './petitions.repository.ts';
import { deletePetition, savePetition, setPendingTag, toggleArchived } from './petitions.mutators.ts';
import { z } from 'zod';

type IdParams = { Params: { id: string } };

/** Case files in the API's shape, with signed PDF links made for this caller. */
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

const ZGetPetitionQuery = z.object({ petition_id: requiredId(MSG_PETITION_REQUIRED) });

/** Case files (rest-contract 11–19): the list, one case file, create/update/delete, archive, pending tags. */
export async function petitionsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/petitions', async (req) => {
    const { actor } = await req.authorize('petitions.read');
    const f = parse(ZPetitionListQuery, req.query);
    // Part 1 §6: the Archived/Active toggle is not for students.
    if (f.archived && actor.is_student) throw forbidden();
    if (f.query_from_calendar_page !== undefined || f.force_all_records) {
      const { rows } = await listPetitions(app.db, actor, f, null);
      const petitions = await apiPetitions(app, req, actor, rows);
      return {
        petitions: petitions.map((p) => ({
          id: p.id,
          petition_standard_title: p.petition_standard_title,
          petition_standard_title_with_petitioner: p.petition_standard_title_with_petitioner,
        })),
      };
    }
    const { rows, total } = await listPetitions(app.db, actor, f, f.page);
    const data = await apiPetitions(app, req, actor, rows);
    const from = data.length ? (f.page - 1) * PETITIONS_PER_PAGE + 1 : null;
    return {
      petitions: {
        data,
        current_page: f.page,
        from,
        to: from === null ? null : from + data.length - 1,
        total,
        per_page: PETITIONS_PER_PAGE,
        last_page: Math.max(1, Math.ceil(total / PETITIONS_PER_PAGE)),
      },
    };
  });

  app.get<IdParams>('/api/petitions/:id', async (req) => {
    const { actor } = await req.authorize('petitions.read');
    const petition = await apiPetition(app, req, actor, req.params.id);
    const rows = await listIndexedDocuments(app.db, actor.company_id, PETITION_INDEX, petition.id);
    const attachments = await attachmentsByOwner(
      app.db,
      actor.company_id,
      PETITION_INDEX.ownerType,
      rows.map((r) => r.id),
    );
    return {
      petition,
      petition_details: rows.map((r) => ({ ...r, attachments: attachments.get(r.id) ?? [] })),
    };
  });

  app.get('/api/get_petition', async (req) => {
    const { actor } = await req.authorize('petitions.read');
    const { petition_id } = parse(ZGetPetitionQuery, req.query);
    return { petition: await apiPetition(app, req, actor, petition_id) };
  });

  app.post('/api/petitions', async (req) => {
    const { actor } = await req.auth();
    const saved = await savePetition(app.db, actor, req.body);
    return { petition_id: saved.id, message: saved.created ? MSG.savedOk : MSG.updatedOk };
  });

  app.delete<IdParams>('/api/petitions/:id', async (req) => {
    const { actor } = await req.auth();
    await deletePetition(app.db, actor, req.params.id);
    return { message: MSG.deletedOk };
  });

  app.post('/api/petitions/toggle_archived', async (req) => {
    const { actor } = await req.auth();
    await toggleArchived(app.db, actor, req.body);
    return { message: MSG.updatedOk };
  });

  app.post('/api/insert_pending_tag', async (req) => {
    const { actor } = await req.auth();
    await setPendingTag(app.db, actor, req.body, false);
    return { message: MSG_PENDING_TAG_INSERTED };
  });

  app.post('/api/remove_pending_tag', async (req) => {
    const { actor } = await req.auth();
    await setPendingTag(app.db, actor, req.body, true);
    return { message: MSG_PENDING_TAG_REMOVED };
  });

  /** The Pending Cases dialog and its print view; part 1 §6 keeps it from students. */
  app.get('/api/get_pending_cases', async (req) => {
    const { actor } = await req.authorize('petitions.read');
    if (actor.is_student) throw forbidden();
    const rows = await apiPetitions(app, req, actor, await listPendingCases(app.db, actor));
    return {
      pendingCases: rows.map((p) => ({
        id: p.id,
        pending_tag: p.pending_tag,
        title: p.title,
        type_abrivation: p.type_abrivation,
        case_no: p.case_no,
        year: p.year,
        court: p.court ? { title: p.court.title } : null,
      })),
      url: pdfUrl(app, req, '/api/pdf/pending-cases', actor),
    };
  });
}
