import { can, type TActor, type TAddHearingInput, type TRemoveHearingInput } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forActor } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { orderSheetsEntity } from './case-files.entities.ts';
import { sheetsOn } from './hearing.repository.ts';

function requireHearingEditor(actor: TActor): void {
  if (!can(actor, 'hearingDate.edit')) throw forbidden();
}

/**
 * rest-contract 45: sets a hearing date. The control sends the order sheet it showed (`id`) and its date
 * before the change; the sheet is found by id, else by that previous date, else a new one is made.
 */
export async function addHearingDate(db: Db, actor: TActor, data: TAddHearingInput): Promise<void> {
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

/**
 * rest-contract 46: clearing the calendar deletes the order sheet of that date (and its files), under the order
 * sheets' rule: an admin, or a lawyer removing a bare hearing date they set.
 */
export async function removeHearingDate(db: Db, actor: TActor, data: TRemoveHearingInput): Promise<void> {
  requireHearingEditor(actor);
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (!(await firm.find('petitions', data.petition_id))) throw notFound();
    const sheet = (await sheetsOn(firm, data.petition_id, data.order_sheet_date))[0];
    if (!sheet) throw notFound('No hearing on this date.');
    await firm.remove(orderSheetsEntity, sheet.id);
  });
}
