import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  MSG,
  ZMessageResponse,
  type Codec,
  type TActor,
  type TReadScope,
  type TRestDecl,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forActor, forFirm, isOrdered, type LiveTable } from './firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { toWire } from './codec.ts';
import { canReadRow, type EntityDef, type ResolvedAccess } from './entities.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { ZIdParams, type ZodApp } from '../http/schemas.ts';

/**
 * The plain four REST calls of every entity that declares them (`rest` in its shared declaration, e.g. links:
 * rest-contract 78–81), served from the declaration: reads under the entity's read scope, writes through the
 * sync store under its policy, relations and row schema, exactly as a device's push. A new entity with plain
 * calls needs no route file.
 */

const CODEC_WIRE: Record<Codec, z.ZodType> = {
  text: z.string().nullable(),
  int: z.number().nullable(),
  bool: z.boolean().nullable(),
  json: z.unknown(),
};

/** A row as the calls answer it: every declared column, with its creation and last change. */
const wireRow = (def: EntityDef) =>
  z.object({
    ...Object.fromEntries(Object.entries(def.columns).map(([c, codec]) => [c, CODEC_WIRE[codec]])),
    id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  });

/**
 * What a POST may carry, as the entity's input: an id to update and the writable columns (each optional, a
 * save changes only the fields it carries); anything else a row carries (created_at …) is ignored. The row
 * schema's own rules and messages apply when the store writes it.
 */
const postBody = (def: EntityDef) => {
  const writable = Object.fromEntries(def.writable.map((c) => [c, CODEC_WIRE[def.columns[c]!].optional()]));
  return z.looseObject({ id: z.string().max(200).nullish(), ...writable }).transform((body) => ({
    id: body.id ?? undefined,
    values: Object.fromEntries(def.writable.filter((c) => body[c] !== undefined).map((c) => [c, body[c]])),
  }));
};

/** The access sets a read scope names, worked out for this actor. */
export async function accessFor(
  app: FastifyInstance,
  actor: TActor,
  scope: TReadScope,
): Promise<ResolvedAccess> {
  if (typeof scope !== 'object' || !('set' in scope)) return new Map();
  const resolve = app.registry.access[scope.set];
  if (!resolve) throw new Error(`unknown access set ${scope.set}`);
  return new Map([[scope.set, await resolve(app.db, actor)]]);
}

function serve(app: ZodApp, def: EntityDef, rest: TRestDecl): void {
  const table = def.table as LiveTable;
  const row = wireRow(def);
  /** The actor's readable live rows (all, or the one with `id`); refuses an actor who may read none. */
  const readable = async (db: Db, actor: TActor, id?: string) => {
    const scope = def.readScope(actor);
    if (scope === 'none') throw forbidden();
    const access = await accessFor(app, actor, scope);
    let q = forFirm(db, actor.company_id).live(table).selectAll();
    if (id !== undefined) q = q.where('id', '=', id);
    // Declared column names, known at run time (the same SQL as a column name).
    for (const column of rest.orderBy ?? []) q = q.orderBy(sql.ref(column));
    const rows: Record<string, unknown>[] = await q.orderBy('created_at').orderBy('id').execute();
    const out = [];
    for (const r of rows) {
      const wire = toWire(def, r);
      if (canReadRow(scope, wire, access))
        out.push({ ...wire, created_at: String(r.created_at), updated_at: String(r.updated_at) });
    }
    return out;
  };

  app.get(
    rest.path,
    {
      config: { auth: true, answerCache: true },
      schema: { response: { 200: z.object({ [rest.listKey]: z.array(row) }) } },
    },
    async (req) => {
      const { actor } = await req.auth();
      return { [rest.listKey]: await readable(app.db, actor) };
    },
  );

  app.get(
    `${rest.path}/:id`,
    {
      config: { auth: true, answerCache: true },
      schema: { params: ZIdParams, response: { 200: z.object({ [rest.rowKey]: row }) } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const [found] = await readable(app.db, actor, req.params.id);
      if (!found) throw notFound();
      return { [rest.rowKey]: found };
    },
  );

  app.post(
    rest.path,
    {
      config: { auth: true },
      schema: {
        body: postBody(def),
        response: { 200: z.object({ [rest.rowKey]: row, message: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const { id: bodyId, values } = req.body;
      const saved = await inTransaction(app.db, async (trx) => {
        const firm = forActor(trx, actor);
        // An id means update (rest-contract conventions): an id the firm does not have is not created.
        const existing = bodyId ? await firm.find(table, bodyId) : undefined;
        if (bodyId && !existing) throw notFound();
        // A new row of an ordered list goes last unless the client says where.
        if (!existing && isOrdered(table) && values.display_order == null)
          values.display_order = await firm.nextDisplayOrder(table, {});
        const id = existing?.id ?? newId();
        await firm.put(def, id, values);
        return { id, message: existing ? MSG.updatedOk : MSG.savedOk };
      });
      const [found] = await readable(app.db, actor, saved.id);
      if (!found) throw notFound();
      return { [rest.rowKey]: found, message: saved.message };
    },
  );

  app.delete(
    `${rest.path}/:id`,
    { config: { auth: true }, schema: { params: ZIdParams, response: { 200: ZMessageResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      await inTransaction(app.db, async (trx) => {
        const firm = forActor(trx, actor);
        if (!(await firm.find(table, req.params.id))) throw notFound();
        await firm.remove(def, req.params.id);
      });
      return { message: MSG.deletedOk };
    },
  );
}

/** Registers the plain calls of every declared entity that has them. */
export async function declaredRestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const def of app.registry.entities) if (def.rest) serve(app, def, def.rest);
}
