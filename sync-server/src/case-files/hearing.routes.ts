import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  can,
  formatDate,
  todayInPakistan,
  ZAddHearingInput,
  ZMessageResponse,
  ZNextHearingInput,
  ZOrderSheetOnDemandInput,
  ZRemoveHearingInput,
  type TActor,
  type TAddHearingInput,
  type TRemoveHearingInput,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forActor, forFirm, type Firm } from '../db/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findReadable, requireEditor } from './access.ts';
import { orderSheetsEntity } from './case-files.entities.ts';
import { MSG_HEARING_ADDED, MSG_HEARING_REMOVED } from './case-files.schema.ts';
import { ZNextHearingResponse, ZOrderSheetOnDemandResponse } from './case-files.types.ts';

function requireHearingEditor(actor: TActor): void {
  if (!can(actor, 'hearingDate.edit')) throw forbidden();
}

/** The live order sheets of a case file dated `date`, oldest first. */
const sheetsOn = (firm: Firm, petitionId: string, date: string) =>
  firm
    .live('order_sheets')
    .select(['id'])
    .where('petition_id', '=', petitionId)
    .where('order_sheet_date', '=', date)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/**
 * rest-contract 45: sets a hearing date. The control sends the order sheet it showed (`id`) and its date
 * before the change; the sheet is found by id, else by that previous date, else a new one is made.
 */
async function addHearingDate(db: Db, actor: TActor, data: TAddHearingInput): Promise<void> {
  requireHearingEditor(actor);
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (!(await firm.find('petitions', data.petition_id))) throw notFound();
    let sheetId: string | undefined;
    if (data.id) {
      const sheet = await firm.find('order_sheets', data.id);
      if (!sheet || sheet.petition_id !== data.petition_id) throw notFound();
      sheetId = sheet.id;
    } else if (data.previous_ordersheet_date) {
      sheetId = (await sheetsOn(firm, data.petition_id, data.previous_ordersheet_date))[0]?.id;
    }
    if (sheetId) await firm.put(orderSheetsEntity, sheetId, { order_sheet_date: data.order_sheet_date });
    else
      await firm.put(orderSheetsEntity, newId(), {
        petition_id: data.petition_id,
        order_sheet_date: data.order_sheet_date,
      });
  });
}

/** rest-contract 46: clearing the calendar deletes the order sheet of that date (and its files). */
async function removeHearingDate(db: Db, actor: TActor, data: TRemoveHearingInput): Promise<void> {
  requireHearingEditor(actor);
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (!(await firm.find('petitions', data.petition_id))) throw notFound();
    const sheet = (await sheetsOn(firm, data.petition_id, data.order_sheet_date))[0];
    if (!sheet) throw notFound('No hearing on this date.');
    await firm.remove(orderSheetsEntity, sheet.id);
  });
}

/** Hearing dates (rest-contract 44–46) and the order sheet the uploader creates on demand (41). */
export async function hearingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/get_next_hearing_ordersheet',
    {
      config: { auth: 'petitions.read' },
      schema: { body: ZNextHearingInput, response: { 200: ZNextHearingResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      const { petition_id } = req.body;
      await findReadable(app.db, actor, 'petitions', petition_id);
      const next = await forFirm(app.db, actor.company_id)
        .live('order_sheets')
        .select(['id', 'order_sheet_date'])
        .where('petition_id', '=', petition_id)
        .where('order_sheet_date', '>=', todayInPakistan())
        .orderBy('order_sheet_date')
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      return {
        nextHearingOrderSheet: next
          ? { id: next.id, order_sheet_date: formatDate(next.order_sheet_date) }
          : null,
      };
    },
  );

  app.post(
    '/api/add_hearing_date',
    {
      config: { auth: 'hearingDate.edit' },
      schema: { body: ZAddHearingInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await addHearingDate(app.db, actor, req.body);
      return { message: MSG_HEARING_ADDED };
    },
  );

  app.post(
    '/api/remove_hearing_date',
    {
      config: { auth: 'hearingDate.edit' },
      schema: { body: ZRemoveHearingInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await removeHearingDate(app.db, actor, req.body);
      return { message: MSG_HEARING_REMOVED };
    },
  );

  // The uploader of the original client posts here to get an order sheet to attach files to, under both spellings.
  for (const path of ['/api/petition_order_sheets', '/api/petition_orders_sheets'])
    app.post(
      path,
      {
        config: { auth: 'petitions.edit' },
        schema: { body: ZOrderSheetOnDemandInput, response: { 200: ZOrderSheetOnDemandResponse } },
      },
      async (req) => {
        const { actor } = await req.auth();
        requireEditor(actor);
        const data = req.body;
        const id = newId();
        await inTransaction(app.db, async (trx) => {
          const firm = forActor(trx, actor);
          if (!(await firm.find('petitions', data.petition_id))) throw notFound();
          await firm.put(orderSheetsEntity, id, {
            petition_id: data.petition_id,
            order_sheet_date: data.order_sheet_date ?? todayInPakistan(),
          });
        });
        return { petitionOrderSheet: { id, petition_id: data.petition_id } };
      },
    );
}
