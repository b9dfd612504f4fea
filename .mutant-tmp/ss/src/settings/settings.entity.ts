import { can, SETTINGS_FIELDS, ZSettingsInput, MSG } from '@lawfirm/shared-types';
import { registerEntity, type Codec, type EntityDef } from '../sync/entities.ts';

/** One settings row per firm; every member reads it (site name, phone), admins edit it. */
export const settingsEntity: EntityDef = {
  name: 'settings',
  table: 'settings',
  columns: {
    id: 'text',
    company_id: 'text',
    ...Object.fromEntries(
      SETTINGS_FIELDS.map((f): [string, Codec] => [f, f === 'additionalemails' ? 'json' : 'text']),
    ),
  },
  writable: [...SETTINGS_FIELDS],
  schema: ZSettingsInput,
  readScope: () => 'all',
  canCreate: () => false,
  canUpdate: (a) => (can(a, 'settings.manage') ? true : MSG.forbidden),
  canDelete: () => false,
};
registerEntity(settingsEntity);
