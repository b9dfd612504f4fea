import type { FastifyInstance } from 'fastify';
import { can, formatDate, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, notFound, parse } from '../http/errors.ts';
import { deleteRow, putRow } from '../sync/store.ts';
import {
  MSG_HEARING_ADDED,
  MSG_HEARING_REMOVED,
  ZAddHearingInput,
  ZNextHearingInput,
  ZOrderSheetOnDemandInput,
  ZRemoveHearingInput,
} from './case-files.schema.ts';
import { caseEntity, findLive, findReadable, requireEditor } from './case-rows.ts';

/**
 * "Today" for hearings is the firm's day in Pakistan (UTC+5), not the server's UTC day: at 02:00 in Lahore
 * a hearing dated today must still be the next one.
 */
export const todayInPakistan = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Karachi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

function requireHearingEditor(actor: TActor): void {
  if (!can(actor, 'hearingDate.edit')) throw forbidden();
}

/** The live order sheets of a case file dated `date`, oldest first. */
const sheetsOn = (db: Db, companyId: string, petitionId: string, date: string) =>
  db
    .selectFrom('order_sheets')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where('petition_id', '=', petitionId)
    .where('order_sheet_date', '=', date)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/**
 * rest-contract 45: sets a hearing date. The control sends the order sheet it showed (`id`) and its date
 * before the change; the sheet is found by id, else by that previous date, else a new one is made.
 */
async function addHearingDate(db: Db, actor: TActor, body: unknown): Promise<void> {
  requireHearingEditor(actor);
  const data = parse(ZAddHearingInput, body);
  await inTransaction(db, async (trx) => {
    if (!(await findLive(trx, 'petitions', actor.company_id, data.petition_id))) throw notFound();
    let sheetId: string | undefined;
    if (data.id) {
      const sheet = await findLive(trx, 'order_sheets', actor.company_id, data.id);
      if (!sheet || sheet.petition_id !== data.petition_id) throw notFound();
      sheetId = sheet.id;
    } else if (data.previous_ordersheet_date) {
      sheetId = (await sheetsOn(trx, actor.company_id, data.petition_id, data.previous_ordersheet_date))[0]
        ?.id;
    }
    const def = caseEntity('order_sheets');
    if (sheetId) await putRow(trx, actor, def, sheetId, { order_sheet_date: data.order_sheet_date });
    else
      await putRow(trx, actor, def, newId(), {
        petition_id: data.petition_id,
        order_sheet_date: data.order_sheet_date,
      });
  });
}

/** rest-contract 46: clearing the calendar deletes the order sheet of that date (and its files). */
async function removeHearingDate(db: Db, actor: TActor, body: unknown): Promise<void> {
  requireHearingEditor(actor);
  const data = parse(ZRemoveHearingInput, body);
  await inTransaction(db, async (trx) => {
    if (!(await findLive(trx, 'petitions', actor.company_id, data.petition_id))) throw notFound();
    const sheet = (await sheetsOn(trx, actor.company_id, data.petition_id, data.order_sheet_date))[0];
    if (!sheet) throw notFound('No hearing on this date.');
    await deleteRow(trx, actor, caseEntity('order_sheets'), sheet.id);
  });
}

/** Hearing dates (rest-contract 44–46) and the order sheet the uploader creates on demand (41). */
export async function hearingRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/get_next_hearing_ordersheet', async (req) => {
    const { actor } = await req.authorize('petitions.read');
    const { petition_id } = parse(ZNextHearingInput, req.body);
    await findReadable(app.db, actor, 'petitions', petition_id);
    const next = await app.db
      .selectFrom('order_sheets')
      .select(['id', 'order_sheet_date'])
      .where('company_id', '=', actor.company_id)
      .where('petition_id', '=', petition_id)
      .where('deleted_at', 'is', null)
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
  });

  app.post('/api/add_hearing_date', async (req) => {
    const { actor } = await req.auth();
    await addHearingDate(app.db, actor, req.body);
    return { message: MSG_HEARING_ADDED };
  });

  app.post('/api/remove_hearing_date', async (req) => {
    const { actor } = await req.auth();
    await removeHearingDate(app.db, actor, req.body);
    return { message: MSG_HEARING_REMOVED };
  });

  // The uploader of the original client posts here to get an order sheet to attach files to, under both spellings.
  for (const path of ['/api/petition_order_sheets', '/api/petition_orders_sheets'])
    app.post(path, async (req) => {
      const { actor } = await req.auth();
      requireEditor(actor);
      const data = parse(ZOrderSheetOnDemandInput, req.body);
      const id = newId();
      await inTransaction(app.db, async (trx) => {
        if (!(await findLive(trx, 'petitions', actor.company_id, data.petition_id))) throw notFound();
        await putRow(trx, actor, caseEntity('order_sheets'), id, {
          petition_id: data.petition_id,
          order_sheet_date: data.order_sheet_date ?? todayInPakistan(),
        });
      });
      return { petitionOrderSheet: { id, petition_id: data.petition_id } };
    });
}
