import { z } from 'zod';
import { ZPublicSettings, ZSettings } from '@lawfirm/shared-types';

/**
 * GET /api/settings (rest-contract 2): every field for an admin, the public ones for anyone else. The Home
 * page of the original client does not render without `setting`.
 */
export const ZGetSettingsResponse = z.object({ setting: z.union([ZSettings, ZPublicSettings]) });
/** POST /api/settings (3). */
export const ZSaveSettingsResponse = z.object({ setting: ZSettings, message: z.string() });
