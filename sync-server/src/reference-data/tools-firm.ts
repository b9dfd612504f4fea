import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { entityDecl, MSG } from '@lawfirm/shared-types';
import { companyForHost } from '../db/company-for-host.ts';
import type { Db } from '../db/connect.ts';
import { forFirm, isOrdered } from '../sync/firm.ts';
import { toWire } from '../sync/codec.ts';
import { serverEntity } from '../sync/entities.ts';

/** Calls of the public tools a visitor makes: enough for a lawyer checking an FIR, too few for a scraper. */
export const PUBLIC_TOOLS_PER_MINUTE = 60;

export const publicRateLimit = {
  rateLimit: {
    max: PUBLIC_TOOLS_PER_MINUTE,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({ statusCode: 429, message: MSG.tooManyRequests }),
  },
};

/**
 * The firm whose calculator data and FIR sections a call reads: the signed-in user's, or for a visitor the
 * firm of the site they are on (its domain, else the provider firm), as the public pages are that firm's.
 */
export async function toolsFirmId(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  const ctx = await req.optionalAuth();
  return ctx ? ctx.actor.company_id : (await companyForHost(app.db, req.hostname)).id;
}

export type TWireRow = Record<string, unknown> & { id: string };

/**
 * A firm's live rows of a declared entity in wire form (JSON decoded, flags as booleans), those whose columns
 * equal `where` (a column equal to any of a list for an array), in display order where the entity has one.
 */
export async function wireRows(
  db: Db,
  companyId: string,
  entity: string,
  where: Record<string, string | readonly string[]> = {},
): Promise<TWireRow[]> {
  const decl = entityDecl(entity);
  if (!decl) throw new Error(`unknown entity ${entity}`);
  // Reading needs the declaration only: an entity's server hooks act on writes.
  const def = serverEntity(decl);
  const table = def.table as 'holidays';
  let q = forFirm(db, companyId).live(table).selectAll();
  for (const [column, value] of Object.entries(where)) {
    const ref = sql.ref(`${table}.${column}`);
    if (typeof value === 'string') q = q.where(sql<SqlBool>`${ref} = ${value}`);
    else if (!value.length) return [];
    else q = q.where(sql<SqlBool>`${ref} in (${sql.join(value)})`);
  }
  if (isOrdered(def.table)) q = q.orderBy(sql.ref(`${table}.display_order`));
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ ...toWire(def, r), created_at: r.created_at, updated_at: r.updated_at }));
}
