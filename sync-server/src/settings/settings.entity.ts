import { can, MSG, settingsDecl } from '@lawfirm/shared-types';
import { serverEntity } from '../sync/entities.ts';

/** One settings row per firm; every member reads it (site name, phone), admins edit it. */
export const settingsEntity = serverEntity(settingsDecl, {
  readScope: () => 'all',
  canCreate: () => false,
  canUpdate: (a) => (can(a, 'settings.manage') ? true : MSG.forbidden),
  canDelete: () => false,
});
