import { z } from 'zod';
import { can } from '../auth/permissions.ts';
import { optionalText, phone } from '../common/validation.ts';
import { defineEntity, permissionPolicy, type Codec } from '../sync/entity.ts';
import { tellClientTemplateError } from '../court-day/tell-client.ts';
import { ADMIN_SETTINGS_FIELDS, PUBLIC_SETTINGS_FIELDS, SETTINGS_FIELDS } from './settings.fields.ts';

export * from './settings.fields.ts';

/** A "Tell client" template as an admin saves it: empty is none (the default text); else one the app can fill. */
const tellClientTemplateInput = z
  .string()
  .nullish()
  .transform((v) => v?.trim() || null)
  .superRefine((v, ctx) => {
    const problem = v === null ? null : tellClientTemplateError(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ZSettingsInput = z.object({
  site_name: optionalText(191),
  site_email: z
    .string()
    .trim()
    .max(191)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, {
      error: 'The site email must be a valid email address.',
    }),
  site_phone: phone,
  site_url: optionalText(255),
  host_whereby_iframe: optionalText(2000),
  public_whereby_iframe: optionalText(2000),
  additionalemails: z
    // .optional(), not z.undefined() in the union: zod 4 would still require the key.
    .union([z.array(z.string()), z.string(), z.null()])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : []).map((s) => s.trim()).filter(Boolean),
    )
    .refine((list) => list.every((e) => z.email().safeParse(e).success), {
      error: 'Every additional email must be a valid email address.',
    }),
  invoice_heading: optionalText(255),
  invoice_heading_left: optionalText(2000),
  invoice_heading_right: optionalText(2000),
  invoice_address: optionalText(500),
  invoice_phone: optionalText(50),
  login_page_content: optionalText(100000),
  site_file_name: optionalText(255),
  tell_client_en: tellClientTemplateInput,
  tell_client_ur: tellClientTemplateInput,
});
export type TSettingsInput = z.infer<typeof ZSettingsInput>;
/**
 * A settings save (POST /api/settings): only the fields it carries are saved, so the General tab's save (or an
 * older client sending a few fields) never blanks the rest. A field sent empty is cleared.
 */
export const ZSettingsPatch = ZSettingsInput.partial();
export type TSettingsPatch = z.infer<typeof ZSettingsPatch>;
type TSettingsField = (typeof SETTINGS_FIELDS)[number];
type TSettingsShape = {
  [K in TSettingsField]: K extends 'additionalemails' ? z.ZodArray<z.ZodString> : z.ZodNullable<z.ZodString>;
};

/** The settings as an admin reads them (`setting` of GET/POST /api/settings): every field, emails as a list. */
export const ZSettings = z.object(
  Object.fromEntries(
    SETTINGS_FIELDS.map((f) => [f, f === 'additionalemails' ? z.array(z.string()) : z.string().nullable()]),
  ) as TSettingsShape,
);
export type TSettings = z.infer<typeof ZSettings>;

/** What a visitor (and a member who is not an admin) reads: invoice headings and meeting links stay private. */
export const ZPublicSettings = ZSettings.pick(
  Object.fromEntries(PUBLIC_SETTINGS_FIELDS.map((f) => [f, true])) as {
    [K in (typeof PUBLIC_SETTINGS_FIELDS)[number]]: true;
  },
);
export type TPublicSettings = z.infer<typeof ZPublicSettings>;

/** The settings' columns and codecs, keyed by field (Object.fromEntries cannot keep the keys in its type). */
const settingsColumns = Object.fromEntries(
  SETTINGS_FIELDS.map((f): [string, Codec] => [f, f === 'additionalemails' ? 'json' : 'text']),
) as { [K in TSettingsField]: K extends 'additionalemails' ? 'json' : 'text' };

/**
 * One settings row per firm; every member reads its public part (site name, phone), admins all of it (as
 * GET /api/settings answers them) and edit it.
 */
export const settingsDecl = defineEntity({
  name: 'settings',
  columns: {
    id: 'text',
    company_id: 'text',
    ...settingsColumns,
  },
  writable: [...SETTINGS_FIELDS],
  schema: ZSettingsInput,
  hidden: [{ columns: ADMIN_SETTINGS_FIELDS, hiddenFrom: (a) => !can(a, 'settings.manage') }],
  // One row per firm, made with the firm: never created or deleted from a device.
  policy: { ...permissionPolicy('settings.manage'), canCreate: () => false, canDelete: () => false },
});
