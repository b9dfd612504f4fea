import { settingsDecl } from '@lawfirm/shared-types';
import { serverEntity } from '../sync/entities.ts';

/** One settings row per firm; every member reads it (site name, phone), admins edit it (the shared policy). */
export const settingsEntity = serverEntity(settingsDecl);
