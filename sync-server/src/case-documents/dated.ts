import {
  DATED_MODULES,
  datedFields,
  entityDecl,
  formatDate,
  MSG_DATE_INVALID,
  MSG_PETITION_REQUIRED,
  todayInPakistan,
  wireDateToIso,
  type TActor,
  type TDatedModule,
  type TDatedModuleDecl,
} from '@lawfirm/shared-types';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { forActor, forFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { notFound, validationError } from '../http/errors.ts';
import { serverEntity, type EntityDef, type Row } from '../sync/entities.ts';
import { canReadPetition } from '../case-files/access.ts';
import { attachmentsByOwner, type ApiAttachment } from '../case-files/attachments.repository.ts';

/**
 * The four dated document modules (order sheets, naqal forms, talbana, synopsis) on the server: one
 * implementation, parameterised by each module's shared declaration (shared-types case-documents).
 */

export const MSG_TYPE_MISSING = 'The type does not exist.';

/** A row's type must be a live module type of the firm and of the module (on push and REST alike). */
const datedEntity = (m: TDatedModule): EntityDef => {
  const decl = entityDecl(m.entity);
  if (!decl) throw new Error(`${m.entity} is not a declared entity`);
  const typeColumn = datedFields(m).type;
  return serverEntity(decl, {
    check: async (trx, actor, row, changed) => {
      const typeId = row[typeColumn];
      if (!changed.includes(typeColumn) || typeof typeId !== 'string' || !typeId) return null;
      const found = await forFirm(trx, actor.company_id)
        .live('module_types')
        .select('id')
        .where('id', '=', typeId)
        .where('module_id', '=', m.moduleId)
        .executeTakeFirst();
      return found ? null : MSG_TYPE_MISSING;
    },
  });
};

export const DATED_ENTITIES = DATED_MODULES.map(datedEntity);
const entityOf = (m: TDatedModule) => DATED_ENTITIES.find((e) => e.name === m.entity)!;
/** The dated modules' tables: each has petition_id, created_at and its module's date column. */
type DatedTable = TDatedModuleDecl['entity'];
const tableOf = (m: TDatedModule) => m.entity as DatedTable;

/** A dated row as the API answers it: the module's own field names, dates dd/mm/yyyy, its type with its title. */
export type ApiDated = Record<string, unknown> & { id: string; petition_id: string };

function toApi(m: TDatedModule, r: Row, types: ReadonlyMap<string, string>): ApiDated {
  const f = datedFields(m);
  const typeId = (r[f.type] as string | null) ?? null;
  return {
    id: r.id,
    petition_id: String(r.petition_id),
    title: r.title ?? null,
    [f.type]: typeId,
    [f.date]: formatDate(r[f.date] as string | null),
    description: r.description ?? null,
    [`${m.prefix}_types`]: typeId && types.has(typeId) ? { id: typeId, title: types.get(typeId) } : null,
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
  };
}

/** The firm's module type titles, deleted ones included (a row keeps the type it was written with). */
async function typeTitles(db: Db, companyId: string, moduleId: number): Promise<Map<string, string>> {
  const rows = await forFirm(db, companyId)
    .selectFrom('module_types')
    .select(['id', 'title'])
    .where('module_id', '=', moduleId)
    .execute();
  return new Map(rows.map((t) => [t.id, t.title]));
}

/** A case file of the firm the actor may read, else 404 (another firm's id looks like an unknown one). */
async function requireReadablePetition(db: Db, actor: TActor, petitionId: unknown): Promise<string> {
  if (typeof petitionId !== 'string' || !petitionId)
    throw validationError({ petition_id: [MSG_PETITION_REQUIRED] });
  const p = await forFirm(db, actor.company_id).find('petitions', petitionId);
  if (!p || !(await canReadPetition(db, actor, p.id))) throw notFound();
  return p.id;
}

/** A case file's rows of the module, oldest date first, each with its attachments. */
export async function listDated(
  db: Db,
  actor: TActor,
  m: TDatedModule,
  petitionId: unknown,
): Promise<{ petitionId: string; records: (ApiDated & { attachments: ApiAttachment[] })[] }> {
  const pid = await requireReadablePetition(db, actor, petitionId);
  const f = datedFields(m);
  const rows = (await forFirm(db, actor.company_id)
    .live(tableOf(m))
    .selectAll()
    .where('petition_id', '=', pid)
    // The module's own date column, named at run time (the same SQL as a column name).
    .orderBy(sql.ref(f.date))
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as Row[];
  const [types, files] = await Promise.all([
    typeTitles(db, actor.company_id, m.moduleId),
    attachmentsByOwner(
      db,
      actor.company_id,
      m.model,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    petitionId: pid,
    records: rows.map((r) => ({ ...toApi(m, r, types), attachments: files.get(r.id) ?? [] })),
  };
}

/** One row the actor may read, with its attachments; 404 for anything else. */
export async function findDated(db: Db, actor: TActor, m: TDatedModule, id: string) {
  const row = (await forFirm(db, actor.company_id).find(tableOf(m), id)) as Row | undefined;
  if (!row || !(await canReadPetition(db, actor, String(row.petition_id)))) throw notFound();
  const [types, files] = await Promise.all([
    typeTitles(db, actor.company_id, m.moduleId),
    attachmentsByOwner(db, actor.company_id, m.model, [row.id]),
  ]);
  return { ...toApi(m, row, types), attachments: files.get(row.id) ?? [] };
}

/**
 * The index screen's read (rest-contract 39): the row `id` of the case file, or its first by date when no id
 * is given (null when it has none), with the rows before and after it by date. An `id` that is no live row of
 * this case file answers `record: null` (no neighbours), as the old server did: after a delete the original
 * client reads the deleted row again (its page keeps the id of its route) and shows an error on anything but
 * 200 (issue 31). The case file itself must still be one the caller may read.
 */
export async function datedByPetition(
  db: Db,
  actor: TActor,
  m: TDatedModule,
  petitionId: unknown,
  id: string | null | undefined,
) {
  const { petitionId: pid, records } = await listDated(db, actor, m, petitionId);
  const i = id ? records.findIndex((r) => r.id === id) : records.length ? 0 : -1;
  return {
    petitionId: pid,
    record: i >= 0 ? records[i]! : null,
    previous_index_id: i > 0 ? records[i - 1]!.id : null,
    next_index_id: i >= 0 && i + 1 < records.length ? records[i + 1]!.id : null,
  };
}

/** Title and description as the form sends them: a number becomes text, anything else not text is none. */
const datedText = z
  .unknown()
  .transform((v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null))
  .optional();
/** The module type picked: its id (a number as text); '' or anything else means none. */
const datedType = z
  .unknown()
  .transform((v) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null))
  .optional();
/** The row's date: dd/mm/yyyy (or dd/mm/yy, ISO, a JavaScript Date's instant); '' and null mean none. */
const datedDate = z
  .unknown()
  .transform((v, ctx) => {
    const iso = wireDateToIso(v);
    if (iso === false) {
      ctx.addIssue({ code: 'custom', message: MSG_DATE_INVALID });
      return z.NEVER;
    }
    return iso;
  })
  .optional();

/**
 * POST of a dated module (rest-contract 41) as the original client sends it, under the module's own field names
 * (`order_sheet_date`, `order_sheet_type_id` …): an id to update (none creates under `petition_id`) and the
 * row's fields. A field left out stays as it is, so `values` holds only the fields sent.
 */
export const datedBody = (m: TDatedModule) => {
  const f = datedFields(m);
  return z
    .object({
      id: z.string().max(200).nullish(),
      petition_id: z.unknown().optional(),
      title: datedText,
      description: datedText,
      [f.type]: datedType,
      [f.date]: datedDate,
    })
    .transform(({ id, petition_id, ...values }) => ({
      id: typeof id === 'string' && id ? id : undefined,
      petition_id,
      values,
    }));
};
export type TDatedBody = z.output<ReturnType<typeof datedBody>>;

/**
 * Create (no id) or update (id) through the sync store, under the module's policy and row schema. Order sheets
 * posted without a date field (the uploader's auto-create sends only petition_id) are dated today.
 */
export async function saveDated(
  db: Db,
  actor: TActor,
  m: TDatedModule,
  { id, petition_id, values }: TDatedBody,
): Promise<{ id: string; created: boolean }> {
  return inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (id) {
      const existing = await firm.find(tableOf(m), id);
      if (!existing) throw notFound();
      await firm.put(entityOf(m), id, values);
      return { id, created: false };
    }
    const pid = await requireReadablePetition(trx, actor, petition_id);
    const date = datedFields(m).date;
    if (m.hearingDates && !(date in values)) values[date] = todayInPakistan();
    const newRow = newId();
    await firm.put(entityOf(m), newRow, { ...values, petition_id: pid });
    return { id: newRow, created: true };
  });
}

/** Deletes a row and, through the declared owner relation, its attachments. */
export async function deleteDated(db: Db, actor: TActor, m: TDatedModule, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    const row = await firm.find(tableOf(m), id);
    if (!row || !(await canReadPetition(trx, actor, String(row.petition_id)))) throw notFound();
    await firm.remove(entityOf(m), id);
  });
}
