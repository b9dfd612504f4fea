import {
  can,
  DEFAULT_SITE_URL,
  type TActor,
  type TSettings,
  type TSettingsInput,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden } from '../http/errors.ts';
import { insertSyncedRow, restWriter } from '../sync/system-write.ts';
import { putRow } from '../sync/store.ts';
import { settingsEntity } from './settings.entity.ts';
import { findSettings, toApiSettings } from './settings.repository.ts';

/**
 * Saves every settings field for the actor's own firm. The firm comes from the actor, never from the body,
 * so one firm's invoice heading can never land in another firm's settings. The write goes through the sync
 * store, so every device of the firm pulls the new settings and a device's later edit merges against them.
 */
export async function saveSettings(db: Db, actor: TActor, data: TSettingsInput): Promise<TSettings> {
  // The route refuses a non-admin before the body is read; the store checks again.
  if (!can(actor, 'settings.manage')) throw forbidden();
  // Wire form: additionalemails stays a list; the entity's codec stores it as JSON.
  const values = { ...data, site_url: data.site_url ?? DEFAULT_SITE_URL };
  await inTransaction(db, async (trx) => {
    const row = await findSettings(trx, actor.company_id);
    if (row) await putRow(trx, actor, settingsEntity, row.id, values);
    // Every firm gets its row when it is created; this covers a firm made before settings existed. Devices
    // cannot create settings, so the row is a server insert (the admin was authorised above).
    else
      await insertSyncedRow(
        trx,
        settingsEntity,
        actor.company_id,
        { id: newId(), ...values },
        { writer: restWriter(actor), actor },
      );
  });
  return toApiSettings(await findSettings(db, actor.company_id));
}
