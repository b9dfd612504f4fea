import { DEFAULT_SITE_URL, SETTINGS_FIELDS, ZSettingsInput, type TSettings } from '@lawfirm/shared-types';
import type { TSettingsRow } from '../shell/useSettings.tsx';

export type { TSettingsRow };

export type TSettingsField = (typeof SETTINGS_FIELDS)[number];
export type TTextSetting = Exclude<TSettingsField, 'additionalemails'>;
export type TFormValues = Record<TTextSetting, string>;

/**
 * What the open form is based on: the values it loaded (or last saved, or last followed) and the field
 * versions of those values. `seen` is what a save sends as its base, so an edit made on another device after
 * the form showed a value becomes a conflict instead of being overwritten.
 */
export type TFormBase = { values: TSettings; seen: Record<string, number> };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function settingsOf(row: Partial<TSettings> | null | undefined): TSettings {
  const out: Record<string, unknown> = {};
  for (const f of SETTINGS_FIELDS)
    out[f] = f === 'additionalemails' ? (Array.isArray(row?.[f]) ? row[f] : []) : (row?.[f] ?? null);
  return out as TSettings;
}

export const baseOf = (row: TSettingsRow): TFormBase => ({
  values: settingsOf(row),
  seen: { ...(row.field_versions ?? {}) },
});

export const TEXT_SETTINGS = SETTINGS_FIELDS.filter((f): f is TTextSetting => f !== 'additionalemails');

export const formValuesOf = (s: TSettings): TFormValues =>
  Object.fromEntries(TEXT_SETTINGS.map((k) => [k, s[k] ?? ''])) as TFormValues;

/**
 * The fields a save must send: the form's values normalised as the server stores them (trimmed, empty as
 * null, the default site URL as the REST save fills it), keeping only those that differ from the base. Only
 * changed fields are sent, so a save never writes over a field the user did not touch.
 */
export function changedSettings(form: TFormValues, emails: string[], base: TSettings): Partial<TSettings> {
  const parsed = ZSettingsInput.parse({ ...form, additionalemails: emails });
  const next: TSettings = { ...parsed, site_url: parsed.site_url ?? DEFAULT_SITE_URL };
  const out: Partial<Record<TSettingsField, unknown>> = {};
  for (const f of SETTINGS_FIELDS) if (!same(next[f], base[f])) out[f] = next[f];
  return out as Partial<TSettings>;
}

/**
 * A newer copy of the row arrived while the form is open (a pull, or this device's own save). Every field the
 * user has not edited takes the new value and its version, so the form shows what is saved and a later edit
 * of that field is based on it; edited fields keep what the user typed and the version they started from.
 */
export function followRow(
  base: TFormBase,
  form: TFormValues,
  emails: string[],
  row: TSettingsRow,
): { base: TFormBase; form: Partial<TFormValues>; emails: string[] | null } {
  const latest = settingsOf(row);
  const versions = row.field_versions ?? {};
  const values = { ...base.values } as Record<string, unknown>;
  const seen = { ...base.seen };
  const formPatch: Partial<TFormValues> = {};
  let nextEmails: string[] | null = null;
  for (const f of SETTINGS_FIELDS) {
    const edited =
      f === 'additionalemails' ? !same(emails, base.values[f]) : form[f] !== (base.values[f] ?? '');
    if (edited) continue;
    if (!same(latest[f], base.values[f])) {
      if (f === 'additionalemails') nextEmails = latest[f];
      else formPatch[f] = latest[f] ?? '';
    }
    values[f] = latest[f];
    if (versions[f] !== undefined) seen[f] = versions[f];
  }
  return { base: { values: values as TSettings, seen }, form: formPatch, emails: nextEmails };
}
