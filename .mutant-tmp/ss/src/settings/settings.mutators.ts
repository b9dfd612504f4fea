import { can, DEFAULT_SITE_URL, ZSettingsInput, type TActor, type TSettings } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId, nowIso } from '../db/ids.ts';
import { forbidden, parse } from '../http/errors.ts';
import { findSettings, toApiSettings } from './settings.repository.ts';
import { inTransaction } from '../reference-data/query-helpers.ts';

/**
 * Saves every settings field for the actor's own firm. The firm comes from the actor, never from the body,
 * so one firm's invoice heading can never land in another firm's settings.
 */
export async function saveSettings(db: Db, actor: TActor, input: unknown): Promise<TSettings> {
  if (!can(actor, 'settings.manage')) throw forbidden();
  const data = parse(ZSettingsInput, input);
  const t = nowIso();
  const values = {
    ...data,
    site_url: data.site_url ?? DEFAULT_SITE_URL,
    additionalemails: JSON.stringify(data.additionalemails),
    updated_at: t,
  };
  await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('settings')
      .set(values)
      .where('company_id', '=', actor.company_id)
      .executeTakeFirst();
    // Every firm gets its row when it is created; this covers a firm made before settings existed.
    if (Number(updated.numUpdatedRows) === 0)
      await trx
        .insertInto('settings')
        .values({ id: newId(), company_id: actor.company_id, ...values, created_at: t, deleted_at: null })
        .execute();
  });
  return toApiSettings(await findSettings(db, actor.company_id));
}
