import type { FastifyInstance } from 'fastify';
import { MSG, type TActor } from '@lawfirm/shared-types';
import {
  MODULE_IDS,
  MSG_MODULE_REQUIRED,
} from '@lawfirm/shared-types/reference-data/reference-data.schema.ts';
import type { Db } from '../db/connect.ts';
import { notFound, validationError } from '../http/errors.ts';
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

type Query = Record<string, unknown>;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** module_id of a list filter: absent or empty means every module; anything else must be a real module. */
function moduleFilter(v: unknown): number | undefined {
  const t = text(v);
  if (t === undefined) return undefined;
  const n = Number(t);
  if (!(Object.values(MODULE_IDS) as number[]).includes(n))
    throw validationError({ module_id: [MSG_MODULE_REQUIRED] });
  return n;
}

/** One editable reference list: the documented GET answer, and POST/DELETE on the same collection path. */
type Resource = {
  path: string;
  rowKey: string;
  list: (db: Db, companyId: string, q: Query) => Promise<Record<string, unknown>>;
  find: (db: Db, companyId: string, id: string) => Promise<unknown>;
  save: (db: Db, actor: TActor, input: unknown) => Promise<{ id: string; message: string }>;
  remove: (db: Db, actor: TActor, id: string) => Promise<void>;
};

const RESOURCES: Resource[] = [
  {
    path: '/api/courts',
    rowKey: 'court',
    list: async (db, c) => ({ courts: await listCourts(db, c), page_title: 'Courts' }),
    find: findCourt,
    save: saveCourt,
    remove: deleteCourt,
  },
  {
    path: '/api/petition_types',
    rowKey: 'petition_type',
    list: async (db, c, q) => ({
      petition_types: await listPetitionTypes(db, c, { courtId: text(q.court_id), title: text(q.title) }),
      page_title: 'Case Categories',
    }),
    find: findPetitionType,
    save: savePetitionType,
    remove: deletePetitionType,
  },
  {
    path: '/api/module_types',
    rowKey: 'moduleType',
    list: async (db, c, q) => ({ moduleTypes: await listModuleTypes(db, c, moduleFilter(q.module_id)) }),
    find: findModuleType,
    save: saveModuleType,
    remove: deleteModuleType,
  },
  {
    path: '/api/statutes',
    rowKey: 'statute',
    list: async (db, c, q) => ({ statutes: await listStatutes(db, c, text(q.title)) }),
    find: findStatute,
    save: saveStatute,
    remove: deleteStatute,
  },
];

/** The four dated document modules read their types through one call each (rest-contract 43). */
const MODULE_TYPE_READS = [
  { path: '/api/get_order_sheet_types', moduleId: MODULE_IDS.ORDER_SHEET, key: 'orderSheetTypes' },
  { path: '/api/get_naqal_form_types', moduleId: MODULE_IDS.NAQAL_FORM, key: 'naqalFormTypes' },
  { path: '/api/get_talbana_types', moduleId: MODULE_IDS.TALBANA, key: 'talbanaTypes' },
  { path: '/api/get_synopsis_types', moduleId: MODULE_IDS.SYNOPSIS, key: 'synopsisTypes' },
] as const;

type IdParams = { Params: { id: string } };

/**
 * Reference data (rest-contract 59–69, 114–116, 43): a firm's own courts, case categories, module types and
 * statutes. Any signed-in user of the firm reads them; writes are checked by the mutators (admins only).
 */
export async function referenceDataRoutes(app: FastifyInstance): Promise<void> {
  for (const r of RESOURCES) {
    app.get<{ Querystring: Query }>(r.path, async (req) => {
      const { actor } = await req.authorize('referenceData.read');
      return r.list(app.db, actor.company_id, req.query ?? {});
    });
    app.post(r.path, async (req) => {
      const { actor } = await req.auth();
      const saved = await r.save(app.db, actor, req.body);
      return { [r.rowKey]: await r.find(app.db, actor.company_id, saved.id), message: saved.message };
    });
    app.delete<IdParams>(`${r.path}/:id`, async (req) => {
      const { actor } = await req.auth();
      await r.remove(app.db, actor, req.params.id);
      return { message: MSG.deletedOk };
    });
  }

  app.get('/api/get_court_names', async (req) => {
    const { actor } = await req.authorize('referenceData.read');
    return { courts: await listCourts(app.db, actor.company_id) };
  });

  /** The edit form reads the chosen courts as court_ids_array. */
  app.get<IdParams>('/api/petition_types/:id', async (req) => {
    const { actor } = await req.authorize('referenceData.read');
    const row = await findPetitionType(app.db, actor.company_id, req.params.id);
    if (!row) throw notFound();
    return { petition_type: { ...row, court_ids_array: row.court_ids } };
  });

  for (const m of MODULE_TYPE_READS)
    app.get(m.path, async (req) => {
      const { actor } = await req.authorize('referenceData.read');
      return { [m.key]: await listModuleTypes(app.db, actor.company_id, m.moduleId) };
    });
}
