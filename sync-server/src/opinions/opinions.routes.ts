import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  formatDate,
  MSG,
  MSG_DATE_INVALID,
  optionalId,
  ROLE_IDS,
  ZMessageResponse,
  dateInput,
} from '@lawfirm/shared-types';
import { forActor, forFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { containsText, inTransaction } from '../db/query-helpers.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import { toWire } from '../sync/codec.ts';
import { opinionsEntity } from '../invoices/invoices.entities.ts';

/** The opinion update's notice as the spec spells it (§8). */
export const MSG_OPINION_UPDATED = 'Update Successfully!';

const ZOpinion = z.object({
  id: z.string(),
  client_id: z.string(),
  reference_no: z.string(),
  subject: z.string(),
  issuance_date: z.string(),
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
});
const ZClient = z.object({ id: z.string(), name: z.string() });

/** A text field as the form sends it: a number becomes text; anything else goes on to the row schema's message. */
const wireOpinionText = z
  .unknown()
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .optional();

/**
 * POST /api/opinions (rest-contract 76) as the original client sends it: no id (or '') for a new opinion, the
 * picked client's id, and the issuance date as dd/mm/yyyy (or ISO). A field left out keeps its stored value, so
 * the output is the opinion's changed fields (`values`) beside its id.
 */
const ZOpinionBody = z
  .object({
    id: optionalId,
    client_id: wireOpinionText,
    reference_no: wireOpinionText,
    subject: wireOpinionText,
    issuance_date: z
      .unknown()
      .transform((v, ctx) => {
        const date = dateInput(v);
        if (date === undefined) {
          ctx.addIssue({ code: 'custom', message: MSG_DATE_INVALID });
          return z.NEVER;
        }
        return date;
      })
      .optional(),
  })
  .transform(({ id, ...values }) => ({ id, values }));

/** Opinions and the client picker (part 3 §7 "Opinions and clients", rest-contract 74–77), on the sync store. */
export async function opinionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/opinions',
    {
      config: { auth: true },
      schema: {
        querystring: z.object({
          client_id: z.string().max(200).optional(),
          reference_no: z.string().max(200).optional(),
          subject: z.string().max(200).optional(),
        }),
        response: { 200: z.object({ opinions: z.array(ZOpinion) }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      if (opinionsEntity.readScope(actor) === 'none') throw forbidden();
      let q = forFirm(app.db, actor.company_id)
        .live('opinions')
        .leftJoin('users as u', 'u.id', 'opinions.client_id')
        .selectAll('opinions')
        .select('u.name as client_name');
      if (actor.is_client) q = q.where('opinions.client_id', '=', actor.id);
      const { client_id, reference_no, subject } = req.query;
      if (client_id) q = q.where('opinions.client_id', '=', client_id);
      if (reference_no?.trim()) q = q.where(containsText('opinions.reference_no', reference_no.trim()));
      if (subject?.trim()) q = q.where(containsText('opinions.subject', subject.trim()));
      const rows = await q
        .orderBy('opinions.issuance_date', 'desc')
        .orderBy('opinions.created_at', 'desc')
        .execute();
      return {
        opinions: rows.map((r) => {
          const w = toWire(opinionsEntity, r) as Record<string, string>;
          return {
            id: w.id!,
            client_id: w.client_id!,
            reference_no: w.reference_no!,
            subject: w.subject!,
            issuance_date: formatDate(w.issuance_date),
            user: r.client_name ? { id: w.client_id!, name: r.client_name } : null,
          };
        }),
      };
    },
  );

  /** The firm's client accounts to choose from (§2.3); a client sees only themselves. */
  app.get(
    '/api/client_users',
    { config: { auth: true }, schema: { response: { 200: z.object({ clients: z.array(ZClient) }) } } },
    async (req) => {
      const { actor } = await req.auth();
      if (actor.is_student) throw forbidden();
      let q = forFirm(app.db, actor.company_id)
        .live('users')
        .select(['id', 'name'])
        .where('role_id', '=', ROLE_IDS.CLIENT);
      if (actor.is_client) q = q.where('id', '=', actor.id);
      return { clients: await q.orderBy('name').execute() };
    },
  );

  app.post(
    '/api/opinions',
    {
      config: { auth: true },
      schema: {
        body: ZOpinionBody,
        response: { 200: z.object({ opinion: ZOpinion.omit({ user: true }), message: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const { id: bodyId, values } = req.body;
      const saved = await inTransaction(app.db, async (trx) => {
        const firm = forActor(trx, actor);
        const existing = bodyId ? await firm.find('opinions', bodyId) : undefined;
        if (bodyId && !existing) throw notFound();
        const id = existing?.id ?? newId();
        await firm.put(opinionsEntity, id, values);
        return {
          row: await firm.find('opinions', id),
          message: existing ? MSG_OPINION_UPDATED : MSG.savedOk,
        };
      });
      const w = toWire(opinionsEntity, saved.row!) as Record<string, string>;
      return {
        opinion: {
          id: w.id!,
          client_id: w.client_id!,
          reference_no: w.reference_no!,
          subject: w.subject!,
          issuance_date: formatDate(w.issuance_date),
        },
        message: saved.message,
      };
    },
  );

  app.delete(
    '/api/opinions/:id',
    { config: { auth: true }, schema: { params: ZIdParams, response: { 200: ZMessageResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      await inTransaction(app.db, async (trx) => {
        const firm = forActor(trx, actor);
        const row = await firm.find('opinions', req.params.id);
        // Another client's opinion is as unknown to a client as another firm's.
        if (!row || (actor.is_client && row.client_id !== actor.id)) throw notFound();
        await firm.remove(opinionsEntity, row.id);
      });
      return { message: MSG.deletedOk };
    },
  );
}
