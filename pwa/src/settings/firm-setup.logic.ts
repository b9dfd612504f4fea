import { parsePkPhone, MSG_PHONE_NOT_PK } from '@lawfirm/shared-types/common/phone.ts';
import type { TSettings } from '@lawfirm/shared-types';

/**
 * A firm's first day (issue 30): its admin is led to give the firm's name, address and phone, which its
 * invoices, the landing page and the Forbidden dialog show. A firm still has default settings while none of
 * its contact details is set (a FIRM_NAME start or a firm made from the Companies screen sets only its name).
 */
export const needsFirmSetup = (s: Partial<TSettings> | null | undefined): boolean =>
  !!s && !s.invoice_address?.trim() && !s.invoice_phone?.trim() && !s.site_phone?.trim();

export type TFirmSetupValues = { name: string; address: string; phone: string; email: string };

export const MSG_FIRM_NAME_REQUIRED = "The firm's name is required.";
export const MSG_FIRM_ADDRESS_REQUIRED = "The firm's address is required.";
export const MSG_FIRM_PHONE_REQUIRED = "The firm's phone is required.";
const MSG_EMAIL = 'The site email must be a valid email address.';

export function firmSetupErrors(v: TFirmSetupValues): Partial<Record<keyof TFirmSetupValues, string>> {
  const out: Partial<Record<keyof TFirmSetupValues, string>> = {};
  if (!v.name.trim()) out.name = MSG_FIRM_NAME_REQUIRED;
  else if (v.name.trim().length > 191) out.name = 'The firm name may be at most 191 characters.';
  if (!v.address.trim()) out.address = MSG_FIRM_ADDRESS_REQUIRED;
  else if (v.address.trim().length > 500) out.address = 'The address may be at most 500 characters.';
  if (!v.phone.trim()) out.phone = MSG_FIRM_PHONE_REQUIRED;
  else if (!parsePkPhone(v.phone)) out.phone = MSG_PHONE_NOT_PK;
  if (v.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) out.email = MSG_EMAIL;
  return out;
}

export const firmSetupValuesOf = (s: Partial<TSettings>): TFirmSetupValues => ({
  name: s.site_name ?? s.invoice_heading ?? '',
  address: s.invoice_address ?? '',
  phone: s.invoice_phone ?? s.site_phone ?? '',
  email: s.site_email ?? '',
});

/**
 * The settings fields the setup writes, and only those that change: the name is the site name and the
 * invoice heading (when the heading was the old name or empty); the phone is the invoice phone as invoices
 * print it, and the site phone too when it is a mobile (the site phone's mask is 0300-1234567).
 */
export function firmSetupPatch(v: TFirmSetupValues, s: Partial<TSettings>): Partial<TSettings> {
  const name = v.name.trim();
  const phone = parsePkPhone(v.phone) ?? v.phone.trim();
  const next: Partial<TSettings> = {
    site_name: name,
    invoice_address: v.address.trim(),
    invoice_phone: phone,
    site_email: v.email.trim() || null,
  };
  if (!s.invoice_heading?.trim() || s.invoice_heading === s.site_name) next.invoice_heading = name;
  if (/^\d{4}-\d{7}$/.test(phone)) next.site_phone = phone;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(next))
    if ((s[k as keyof TSettings] ?? null) !== (val ?? null)) out[k] = val;
  return out;
}

/** "Later" on the setup screen: this device does not lead this admin there again (the dashboard still offers it). */
const laterKey = (userId: string) => `lf_firm_setup_later:${userId}`;
export const setupPostponed = (userId: string): boolean => {
  try {
    return localStorage.getItem(laterKey(userId)) === '1';
  } catch {
    return false;
  }
};
export const postponeSetup = (userId: string): void => {
  try {
    localStorage.setItem(laterKey(userId), '1');
  } catch {
    // Private mode without storage: the admin is led there again next time, which is harmless.
  }
};
