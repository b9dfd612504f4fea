import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATED_MODULES, MSG, ZMessageResponse, type TDatedModule } from '@lawfirm/shared-types';
import { apiPetition } from '../case-files/api-petitions.ts';
import { ZApiAttachment, ZApiPetition } from '../case-files/case-files.types.ts';
import { ZIdParams, type ZodApp } from '../http/schemas.ts';
import { datedBody, datedByPetition, deleteDated, findDated, listDated, saveDated } from './dated.ts';

/** A row as the calls answer it (the module's own field names), with its attachments. */
const ZApiDated = z.looseObject({ id: z.string(), petition_id: z.string() });
const ZApiDatedWithFiles = ZApiDated.extend({ attachments: z.array(ZApiAttachment) });
/** The index screen's read: which row (none: the first) of which case file. */
const ZIdBody = z.object({ id: z.string().max(200).nullish(), petition_id: z.unknown().optional() });
const ZListQuery = z.object({ petition_id: z.string().max(200).optional() });

/** rest-contract 38–42 of one dated module, from its declaration. */
function serve(app: ZodApp, m: TDatedModule): void {
  const { rest } = m;
  const ZSaveBody = datedBody(m);
  app.get(
    rest.path,
    {
      config: { auth: 'petitions.read' },
      schema: {
        querystring: ZListQuery,
        response: {
          200: z.object({ records: z.array(ZApiDatedWithFiles), petition: ZApiPetition.optional() }),
        },
      },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      const { petitionId, records } = await listDated(app.db, actor, m, req.query.petition_id);
      return {
        records,
        ...(rest.listWithPetition ? { petition: await apiPetition(app, req, actor, petitionId) } : {}),
      };
    },
  );

  app.get(
    `${rest.path}/:id`,
    {
      config: { auth: 'petitions.read' },
      schema: { params: ZIdParams, response: { 200: z.object({ record: ZApiDatedWithFiles }) } },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      return { record: await findDated(app.db, actor, m, req.params.id) };
    },
  );

  app.post(
    `${rest.path}/by_petition`,
    {
      config: { auth: 'petitions.read' },
      schema: {
        body: ZIdBody,
        response: {
          200: z.object({
            record: ZApiDatedWithFiles.extend({ petition: ZApiPetition }).nullable(),
            petition: ZApiPetition,
            previous_index_id: z.string().nullable(),
            next_index_id: z.string().nullable(),
          }),
        },
      },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      const found = await datedByPetition(app.db, actor, m, req.body.petition_id, req.body.id);
      const petition = await apiPetition(app, req, actor, found.petitionId);
      return {
        record: found.record && { ...found.record, petition },
        petition,
        previous_index_id: found.previous_index_id,
        next_index_id: found.next_index_id,
      };
    },
  );

  for (const path of [rest.path, ...(rest.aliases ?? [])])
    app.post(
      path,
      {
        config: { auth: 'petitions.edit' },
        schema: {
          body: ZSaveBody,
          response: { 200: z.object({ [rest.savedKey]: ZApiDatedWithFiles, message: z.string() }) },
        },
      },
      async (req) => {
        const { actor } = await req.auth();
        const saved = await saveDated(app.db, actor, m, req.body);
        return {
          [rest.savedKey]: await findDated(app.db, actor, m, saved.id),
          message: saved.created ? MSG.savedOk : MSG.updatedOk,
        };
      },
    );

  app.delete(
    `${rest.path}/:id`,
    { config: { auth: true }, schema: { params: ZIdParams, response: { 200: ZMessageResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      await deleteDated(app.db, actor, m, req.params.id);
      return { message: MSG.deletedOk };
    },
  );
}

/** The four dated document modules' calls (part 2 §7), one implementation over their declarations. */
export async function datedRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const m of DATED_MODULES) serve(app, m);
}
