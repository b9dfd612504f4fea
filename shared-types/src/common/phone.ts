// Pakistani phone numbers as an invoice prints them: a mobile 0300-1234567, a landline with its area code
// 042-37654321 (Lahore, a two-digit code) or 0544-614123 (Jhelum, three digits), a UAN 042-111-222-333, a
// toll-free 0800-12345. One function formats them for the invoice form, the settings form and the PDFs, and
// one tells the forms (and the server, on a change) what is not a Pakistani number. No zod: screens load it.

export const MSG_PHONE_NOT_PK =
  'The phone must be a Pakistani number: a mobile like 0300-1234567, or a landline with its area code like 042-37654321.';

/**
 * Area codes of two digits after the 0 (the large cities and districts: 021 Karachi, 042 Lahore, 051
 * Islamabad and Rawalpindi…). Every other landline code has three digits (0544 Jhelum, 0992 Abbottabad),
 * except Azad Kashmir's and Gilgit-Baltistan's, which have four (05822 Muzaffarabad, 05811 Gilgit).
 */
// prettier-ignore
const TWO_DIGIT_AREAS = new Set([
  '21', '22', '25', '40', '41', '42', '44', '46', '47', '48', '49', '51', '52', '53', '55', '56', '57', '61',
  '62', '63', '64', '65', '66', '67', '68', '71', '74', '81', '86', '91',
]);

/** The number's digits in national form (a leading 0), from local or international writing; null if neither. */
function nationalDigits(text: string): string | null {
  const t = text.trim();
  // Digits and the usual separators only: a letter or a second number ("…, 0300…") is not one phone.
  if (!/^\+?[\d\s().-]+$/.test(t)) return null;
  const d = t.replace(/\D/g, '');
  if (t.startsWith('+')) return d.startsWith('92') ? `0${d.slice(2)}` : null;
  if (d.startsWith('0092')) return `0${d.slice(4)}`;
  if (d.startsWith('92') && d.length >= 11) return `0${d.slice(2)}`;
  // A mobile written without its 0 (300 1234567).
  if (/^3\d{9}$/.test(d)) return `0${d}`;
  return d.startsWith('0') ? d : null;
}

/** A Pakistani number written the way it is read, or null when `text` is not one. */
export function parsePkPhone(text: string | null | undefined): string | null {
  const d = nationalDigits(text ?? '');
  if (!d) return null;
  if (/^03\d{9}$/.test(d)) return `${d.slice(0, 4)}-${d.slice(4)}`;
  if (/^0800\d{5}$/.test(d)) return `0800-${d.slice(4)}`;
  if (/^0[2-9]/.test(d) && !d.startsWith('03')) {
    const area = TWO_DIGIT_AREAS.has(d.slice(1, 3)) ? 3 : d.startsWith('058') ? 5 : 4;
    const rest = d.slice(area);
    // A UAN: 111 and six digits after a city's code.
    if (area === 3 && /^111\d{6}$/.test(rest))
      return `${d.slice(0, 3)}-111-${rest.slice(3, 6)}-${rest.slice(6)}`;
    // Subscriber numbers: 7 or 8 digits after a two-digit code, 5 to 7 after three, 5 or 6 after four.
    const [min, max] = area === 3 ? [7, 8] : area === 4 ? [5, 7] : [5, 6];
    if (rest.length >= min && rest.length <= max) return `${d.slice(0, area)}-${rest}`;
  }
  return null;
}

/** How a stored phone is shown and printed: formatted when it is a Pakistani number, else as it was typed. */
export const formatPkPhone = (text: string | null | undefined): string =>
  parsePkPhone(text) ?? (text ?? '').trim();

/** The message for a typed phone that is not a Pakistani number; null for a good one or none (optional). */
export const pkPhoneError = (text: string | null | undefined): string | null =>
  !text?.trim() || parsePkPhone(text) ? null : MSG_PHONE_NOT_PK;
