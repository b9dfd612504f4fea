// The settings' field lists, apart from their schemas: the app's first screen reads them without loading zod.

/** Every settings field of part 3 §3. */
export const SETTINGS_FIELDS = [
  'site_name',
  'site_email',
  'site_phone',
  'site_url',
  'host_whereby_iframe',
  'public_whereby_iframe',
  'additionalemails',
  'invoice_heading',
  'invoice_heading_left',
  'invoice_heading_right',
  'invoice_address',
  'invoice_phone',
  'login_page_content',
  'site_file_name',
  // The "Tell client" messages (issue 34) in English and Urdu; empty: the app's default text.
  'tell_client_en',
  'tell_client_ur',
] as const;

/** Fields a visitor may read without signing in (the landing page needs them). */
export const PUBLIC_SETTINGS_FIELDS = [
  'site_name',
  'site_email',
  'site_phone',
  'site_url',
  'login_page_content',
  'site_file_name',
] as const;

/**
 * Fields every member's device receives but visitors do not read: the "Tell client" templates, which a lawyer's
 * phone fills offline (admins word them).
 */
export const MEMBER_SETTINGS_FIELDS = ['tell_client_en', 'tell_client_ur'] as const;

/** The rest: only admins read them (invoice headings and address, meeting links, the extra mail addresses). */
export const ADMIN_SETTINGS_FIELDS = SETTINGS_FIELDS.filter(
  (f) =>
    !(PUBLIC_SETTINGS_FIELDS as readonly string[]).includes(f) &&
    !(MEMBER_SETTINGS_FIELDS as readonly string[]).includes(f),
);

export const DEFAULT_SITE_URL = 'https://elawfirmpk.com';
