import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  toPaginator,
  ZGetPetitionQuery,
  ZMessageResponse,
  ZPendingTagInput,
  ZPetitionInput,
  ZPetitionListQuery,
  ZToggleArchivedInput,
} from '@lawfirm/shared-types';
import { forbidden } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import { apiPetition, apiPetitions } from './api-petitions.ts';
import { MSG_PENDING_TAG_INSERTED, MSG_PENDING_TAG_REMOVED } from './case-files.schema.ts';
import {
  ZGetPetitionResponse,
  ZPendingCasesResponse,
  ZPetitionListResponse,
  ZPetitionResponse,
  ZSavePetitionResponse,
} from './case-files.types.ts';
import { listIndexedDocumentsWithFiles, PETITION_INDEX } from './indexed-documents.ts';
import { pdfUrl } from './pdf-urls.ts';
import { listPendingCases, listPetitions, PETITIONS_PER_PAGE } from './petitions.repository.ts';
import { deletePetition, savePetition, setPendingTag, toggleArchived } from './petitions.mutators.ts';

/** Case files (rest-contract 11–19): the list, one case file, create/update/delete, archive, pending tags. */
export async function petitionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/petitions',
    {
      config: { auth: 'petitions.read', answerCache: true },
      schema: { querystring: ZPetitionListQuery, response: { 200: ZPetitionListResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      const f = req.query;
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
      return { petitions: toPaginator(data, f.page, PETITIONS_PER_PAGE, total) };
    },
  );

  app.get(
    '/api/petitions/:id',
    {
      config: { auth: 'petitions.read', answerCache: true },
      schema: { params: ZIdParams, response: { 200: ZPetitionResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      const petition = await apiPetition(app, req, actor, req.params.id);
      return {
        petition,
        petition_details: await listIndexedDocumentsWithFiles(
          app.db,
          actor.company_id,
          PETITION_INDEX,
          petition.id,
        ),
      };
    },
  );

  app.get(
    '/api/get_petition',
    {
      config: { auth: 'petitions.read' },
      schema: { querystring: ZGetPetitionQuery, response: { 200: ZGetPetitionResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      const { petition_id } = req.query;
      return { petition: await apiPetition(app, req, actor, petition_id) };
    },
  );

  app.post(
    '/api/petitions',
    {
      config: { auth: 'petitions.edit' },
      schema: { body: ZPetitionInput, response: { 200: ZSavePetitionResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const saved = await savePetition(app.db, actor, req.body);
      return { petition_id: saved.id, message: saved.created ? MSG.savedOk : MSG.updatedOk };
    },
  );

  app.delete(
    '/api/petitions/:id',
    {
      config: { auth: 'petitions.edit' },
      schema: { params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await deletePetition(app.db, actor, req.params.id);
      return { message: MSG.deletedOk };
    },
  );

  app.post(
    '/api/petitions/toggle_archived',
    {
      config: { auth: 'petitions.archive' },
      schema: { body: ZToggleArchivedInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await toggleArchived(app.db, actor, req.body);
      return { message: MSG.updatedOk };
    },
  );

  // rest-contract 16–17: the same body sets or clears the tag.
  for (const [path, remove, message] of [
    ['/api/insert_pending_tag', false, MSG_PENDING_TAG_INSERTED],
    ['/api/remove_pending_tag', true, MSG_PENDING_TAG_REMOVED],
  ] as const)
    app.post(
      path,
      {
        config: { auth: 'pendingTag.edit' },
        schema: { body: ZPendingTagInput, response: { 200: ZMessageResponse } },
      },
      async (req) => {
        const { actor } = await req.auth();
        await setPendingTag(app.db, actor, req.body, remove);
        return { message };
      },
    );

  /** The Pending Cases dialog and its print view; part 1 §6 keeps it from students. */
  app.get(
    '/api/get_pending_cases',
    { config: { auth: 'petitions.read' }, schema: { response: { 200: ZPendingCasesResponse } } },
    async (req) => {
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
    },
  );
}
