import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  MODULE_IDS,
  MSG,
  ZCourt,
  ZCourtInput,
  ZMessageResponse,
  ZModuleType,
  ZModuleTypeInput,
  ZPetitionType,
  ZPetitionTypeInput,
  ZStatute,
  ZStatuteInput,
  type TActor,
  type TPermission,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';
import { publicRateLimit, toolsFirmId } from './tools-firm.ts';
import { asSelectOptions } from '../auth/original-client.ts';
import { ZIdParams, type ZodApp } from '../http/schemas.ts';
import {
  findCourt,
  findModuleType,
  findPetitionType,
  findStatute,
  listCourts,
  listModuleTypes,
  listPetitionTypes,
  listStatutes,
} from './reference-data.repository.ts';
import {
  deleteCourt,
  deleteModuleType,
  deletePetitionType,
  deleteStatute,
  saveCourt,
  saveModuleType,
  savePetitionType,
  saveStatute,
} from './reference-data.mutators.ts';
import {
  ZCourtNamesResponse,
  ZCourtsQuery,
  ZCourtsResponse,
  ZModuleTypesQuery,
  ZModuleTypesResponse,
  ZPetitionTypeResponse,
  ZPetitionTypesQuery,
  ZPetitionTypesResponse,
  zModuleTypeReadResponse,
  zSavedRowResponse,
  ZStatutesQuery,
  ZStatutesResponse,
} from './reference-data.types.ts';

/**
 * One editable reference list: the documented GET answer with its filters, and POST/DELETE on the same
 * collection path (the row a POST answers goes under `rowKey`).
 */
type Resource<Q extends z.ZodType, L extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = {
  path: string;
  rowKey: string;
  query: Q;
  answer: L;
  list: (db: Db, companyId: string, q: z.output<Q>) => Promise<z.output<L>>;
  /** A new row or a list row sent back (the REST wire parser over the entity's row schema). */
  body: B;
  row: R;
  find: (db: Db, companyId: string, id: string) => Promise<z.output<R> | undefined>;
  save: (db: Db, actor: TActor, input: z.output<B>) => Promise<{ id: string; message: string }>;
  remove: (db: Db, actor: TActor, id: string) => Promise<void>;
  /** Who may POST at all (adds; the mutator checks an edit against the entity's policy). Admins by default. */
  addedBy?: TPermission;
  /**
   * The list is public: a visitor reads the site's firm's list (rate limited, as the public tools are), a
   * signed-in caller their own firm's, as before and without that limit.
   */
  publicList?: true;
};

/** The public tools' rate limit, for visitors only: a signed-in caller is not counted. */
const visitorRateLimit: FastifyContextConfig = {
  rateLimit: {
    ...publicRateLimit.rateLimit,
    allowList: async (req: FastifyRequest) => (await req.optionalAuth()) !== null,
  },
};

/**
 * The three calls of a reference list; reading is for any member of the firm, writing for its admins (adding
 * also for whoever `addedBy` names). The answers are typed where each resource is defined (list, find);
 * Fastify's types cannot follow a schema that is a type parameter, so the schemas are handed to it as plain
 * zod types here.
 */
function resourceRoutes<Q extends z.ZodType, L extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: ZodApp,
  r: Resource<Q, L, B, R>,
): void {
  const query: z.ZodType = r.query;
  const answer: z.ZodType = r.answer;
  const body: z.ZodType = r.body;
  const row: z.ZodType = r.row;
  app.get(
    r.path,
    {
      config: r.publicList ? visitorRateLimit : { auth: 'referenceData.read' },
      schema: { querystring: query, response: { 200: answer } },
    },
    async (req) => {
      const companyId = r.publicList
        ? await toolsFirmId(app, req)
        : (await req.authorize('referenceData.read')).actor.company_id;
      return r.list(app.db, companyId, req.query as z.output<Q>);
    },
  );
  app.post(
    r.path,
    {
      config: { auth: r.addedBy ?? 'referenceData.manage' },
      schema: { body, response: { 200: zSavedRowResponse(r.rowKey, row) } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const saved = await r.save(app.db, actor, req.body as z.output<B>);
      return { [r.rowKey]: await r.find(app.db, actor.company_id, saved.id), message: saved.message };
    },
  );
  app.delete(
    `${r.path}/:id`,
    {
      config: { auth: 'referenceData.manage' },
      schema: { params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await r.remove(app.db, actor, req.params.id);
      return { message: MSG.deletedOk };
    },
  );
}

/** The four dated document modules read their types through one call each (rest-contract 43). */
const MODULE_TYPE_READS = [
  { path: '/api/get_order_sheet_types', moduleId: MODULE_IDS.ORDER_SHEET, key: 'orderSheetTypes' },
  { path: '/api/get_naqal_form_types', moduleId: MODULE_IDS.NAQAL_FORM, key: 'naqalFormTypes' },
  { path: '/api/get_talbana_types', moduleId: MODULE_IDS.TALBANA, key: 'talbanaTypes' },
  { path: '/api/get_synopsis_types', moduleId: MODULE_IDS.SYNOPSIS, key: 'synopsisTypes' },
] as const;

/**
 * Reference data (rest-contract 59–69, 114–116, 43): a firm's own courts, case categories, module types and
 * statutes. Any signed-in user of the firm reads them; writes are checked by the mutators (admins only, but
 * lawyers add courts).
 */
export async function referenceDataRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  resourceRoutes(app, {
    path: '/api/courts',
    rowKey: 'court',
    query: ZCourtsQuery,
    answer: ZCourtsResponse,
    list: async (db, c) => ({ courts: await listCourts(db, c), page_title: 'Courts' }),
    body: ZCourtInput,
    row: ZCourt,
    find: findCourt,
    save: saveCourt,
    remove: deleteCourt,
    addedBy: 'courts.add',
  });
  resourceRoutes(app, {
    path: '/api/petition_types',
    rowKey: 'petition_type',
    query: ZPetitionTypesQuery,
    answer: ZPetitionTypesResponse,
    list: async (db, c, q) => ({
      petition_types: await listPetitionTypes(db, c, { courtId: q.court_id, title: q.title }),
      page_title: 'Case Categories',
    }),
    body: ZPetitionTypeInput,
    row: ZPetitionType,
    find: findPetitionType,
    save: savePetitionType,
    remove: deletePetitionType,
  });
  resourceRoutes(app, {
    path: '/api/module_types',
    rowKey: 'moduleType',
    query: ZModuleTypesQuery,
    answer: ZModuleTypesResponse,
    list: async (db, c, q) => ({ moduleTypes: await listModuleTypes(db, c, q.module_id) }),
    body: ZModuleTypeInput,
    row: ZModuleType,
    find: findModuleType,
    save: saveModuleType,
    remove: deleteModuleType,
  });
  resourceRoutes(app, {
    path: '/api/statutes',
    rowKey: 'statute',
    query: ZStatutesQuery,
    answer: ZStatutesResponse,
    list: async (db, c, q) => ({ statutes: await listStatutes(db, c, q.title) }),
    body: ZStatuteInput,
    row: ZStatute,
    find: findStatute,
    save: saveStatute,
    remove: deleteStatute,
    // The public FIR reader's statute pickers (rest-contract 114): the original client calls this with
    // "Bearer null" for a visitor. A statute is its title and place in the list, published law.
    publicList: true,
  });

  app.get(
    '/api/get_court_names',
    { config: { auth: 'referenceData.read' }, schema: { response: { 200: ZCourtNamesResponse } } },
    async (req) => {
      const { actor } = await req.authorize('referenceData.read');
      const courts = await listCourts(app.db, actor.company_id);
      // The original client's court picker labels its options by short_title (its label prop), which the old
      // server filled with the title in capitals when a court had none: here too, in this answer only.
      return {
        courts: asSelectOptions(
          courts.map((c) => ({ ...c, short_title: c.short_title || c.title.toUpperCase() })),
          (c) => c.title,
        ),
      };
    },
  );

  /** The edit form reads the chosen courts as court_ids_array. */
  app.get(
    '/api/petition_types/:id',
    {
      config: { auth: 'referenceData.read' },
      schema: { params: ZIdParams, response: { 200: ZPetitionTypeResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('referenceData.read');
      const row = await findPetitionType(app.db, actor.company_id, req.params.id);
      if (!row) throw notFound();
      return { petition_type: { ...row, court_ids_array: row.court_ids } };
    },
  );

  for (const m of MODULE_TYPE_READS)
    app.get(
      m.path,
      {
        config: { auth: 'referenceData.read' },
        // The original client sends module_id too; the path already names the module.
        schema: { response: { 200: zModuleTypeReadResponse(m.key) } },
      },
      async (req) => {
        const { actor } = await req.authorize('referenceData.read');
        return { [m.key]: await listModuleTypes(app.db, actor.company_id, m.moduleId) };
      },
    );
}
