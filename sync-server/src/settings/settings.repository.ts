import {
  PUBLIC_SETTINGS_FIELDS,
  SETTINGS_FIELDS,
  type TPublicSettings,
  type TSettings,
} from '@lawfirm/shared-types';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import type { SettingsTable } from '../db/schema.ts';

export type SettingsRow = Selectable<SettingsTable>;

export const findSettings = (db: Db, companyId: string) =>
  forFirm(db, companyId).live('settings').selectAll().executeTakeFirst();

/** additionalemails is stored as JSON text; anything unreadable answers as an empty list, never a 500. */
function emailList(text: string | null | undefined): string[] {
  try {
    const v: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(v) ? v.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

/** Every field of part 3 §3. A firm without a row answers nulls: the Home page must always get {setting}. */
export function toApiSettings(row: SettingsRow | undefined): TSettings {
  const out = {} as Record<string, unknown>;
  for (const f of SETTINGS_FIELDS)
    out[f] = f === 'additionalemails' ? emailList(row?.[f]) : (row?.[f] ?? null);
  return out as TSettings;
}

/** Only what a visitor may read (the landing page); invoice headings and meeting links stay private. */
export function toPublicSettings(row: SettingsRow | undefined): TPublicSettings {
  const all = toApiSettings(row);
  const out = {} as Record<string, unknown>;
  for (const f of PUBLIC_SETTINGS_FIELDS) out[f] = all[f];
  return out as TPublicSettings;
}
