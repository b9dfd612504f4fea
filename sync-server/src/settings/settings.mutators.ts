import {
  can,
  DEFAULT_SITE_URL,
  SETTINGS_FIELDS,
  type TActor,
  type TSettings,
  type TSettingsPatch,
} from '@lawfirm/shared-types';
import { parsePkPhone, pkPhoneError } from '@lawfirm/shared-types/common/phone.ts';
import type { Db } from '../db/connect.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, validationError } from '../http/errors.ts';
import { insertSyncedRow, restWriter } from '../sync/system-write.ts';
import { putRow } from '../sync/store.ts';
import { settingsEntity } from './settings.entities.ts';
import { findSettings, toApiSettings } from './settings.repository.ts';

/**
 * The fields a save carries, as they are stored: a site URL sent empty becomes the default one (part 3 §9),
 * an invoice phone is stored as it is read (042-37654321). A field the save leaves out is not among them.
 */
function savedValues(data: TSettingsPatch): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of SETTINGS_FIELDS) if (data[f] !== undefined) values[f] = data[f];
  if ('site_url' in values) values.site_url = data.site_url ?? DEFAULT_SITE_URL;
  if (typeof values.invoice_phone === 'string') {
    // Checked here too: a firm's first save makes its row without the store's checks of a change.
    const problem = pkPhoneError(values.invoice_phone);
    if (problem) throw validationError({ invoice_phone: [problem] });
    values.invoice_phone = parsePkPhone(values.invoice_phone);
  }
  return values;
}

/**
 * Saves the settings fields a save carries for the actor's own firm, and only those: a save of the General tab
 * (or an older client's body with a few fields) leaves the other fields as they are. The firm comes from the
 * actor, never from the body, so one firm's invoice heading can never land in another firm's settings. The
 * write goes through the sync store, so every device of the firm pulls the new settings and a device's later
 * edit merges against them; its checks (the invoice phone) and cleaning (the About HTML) hold on both paths.
 */
export async function saveSettings(db: Db, actor: TActor, data: TSettingsPatch): Promise<TSettings> {
  // The route refuses a non-admin before the body is read; the store checks again.
  if (!can(actor, 'settings.manage')) throw forbidden();
  // Wire form: additionalemails stays a list; the entity's codec stores it as JSON.
  const values = savedValues(data);
  await inTransaction(db, async (trx) => {
    const row = await findSettings(trx, actor.company_id);
    if (row) await putRow(trx, actor, settingsEntity, row.id, values);
    // Every firm gets its row when it is created; this covers a firm made before settings existed. Devices
    // cannot create settings, so the row is a server insert (the admin was authorised above), with the
    // default site URL when the save does not carry one.
    else
      await insertSyncedRow(
        trx,
        settingsEntity,
        actor.company_id,
        { id: newId(), site_url: DEFAULT_SITE_URL, ...values },
        { writer: restWriter(actor), actor },
      );
  });
  return toApiSettings(await findSettings(db, actor.company_id));
}
