// Telling a client (issue 34) opens WhatsApp or the SMS app: both want the number in international form
// (wa.me/923214567890, sms:+923214567890) however it was typed on the client's record or a party
// (0321-4567890, +92 321 4567890, 00923214567890). parsePkPhone already reads every Pakistani way of writing
// a number; this turns its answer into the two international forms. No zod: screens load it.
import { parsePkPhone } from '../common/phone.ts';

export const MSG_PHONE_NOT_PK_INTL =
  'This is not a Pakistani mobile or landline number (e.g. 0321-4567890 or 042-37654321).';
export const MSG_PHONE_NOT_MOBILE =
  'WhatsApp and SMS need a mobile number (03xx-xxxxxxx); this is a landline.';

export type TIntlPhone = {
  /** Country code and number, digits only: what wa.me takes. */
  digits: string;
  /** E.164 with its plus: what an sms: link takes. */
  e164: string;
  /** A mobile (03xx): only these receive WhatsApp and SMS. */
  mobile: boolean;
};

/**
 * A Pakistani mobile or landline number in international form, or a message saying why not. Toll-free 0800
 * numbers are refused: they cannot be reached from abroad or messaged.
 */
export function toInternationalPhone(
  text: string | null | undefined,
): { ok: true; phone: TIntlPhone } | { ok: false; message: string } {
  const national = parsePkPhone(text)?.replace(/\D/g, '');
  if (!national || national.startsWith('0800')) return { ok: false, message: MSG_PHONE_NOT_PK_INTL };
  const digits = `92${national.slice(1)}`;
  return { ok: true, phone: { digits, e164: `+${digits}`, mobile: national.startsWith('03') } };
}

/** The number as a comparable key (conflict checks): its international digits, or null when it is none. */
export const phoneKey = (text: string | null | undefined): string | null => {
  const r = toInternationalPhone(text);
  return r.ok ? r.phone.digits : null;
};
