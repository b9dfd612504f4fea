// "Tell client" (issue 34): after a hearing the lawyer sends the client what happened and the next date, by
// WhatsApp or SMS, in the client's language. The firm's admin may reword the two templates in Settings; the
// placeholders are filled here, the same way on every device. No zod: screens load it.
import { formatDate } from '../common/dates.ts';
import { MSG_PHONE_NOT_MOBILE, toInternationalPhone } from './phone-international.ts';

export const CLIENT_LANGUAGES = ['en', 'ur'] as const;
export type TClientLanguage = (typeof CLIENT_LANGUAGES)[number];

export const TELL_CLIENT_PLACEHOLDERS = ['case', 'court', 'outcome', 'next_date'] as const;
export type TTellClientValues = {
  /** The case as the app names it: "W.P. 1221/2025 Muhammad Aslam vs State". */
  case: string;
  court?: string | null;
  /** What happened (the order sheet's type, e.g. Adjourned). */
  outcome?: string | null;
  /** YYYY-MM-DD; printed dd/mm/yyyy. */
  next_date?: string | null;
};

export const TELL_CLIENT_TEMPLATE_MAX = 1000;

/** The texts a firm starts with, until its admin rewords them. */
export const DEFAULT_TELL_CLIENT_TEMPLATES: Readonly<Record<TClientLanguage, string>> = {
  en: 'Your case {case} at {court}: {outcome}. Next date of hearing: {next_date}.',
  ur: 'آپ کا مقدمہ {case}، {court}: {outcome}۔ آئندہ تاریخ سماعت: {next_date}۔',
};

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The message for a template an admin typed that the app cannot fill; null for a good one. */
export function tellClientTemplateError(template: string): string | null {
  if (!template.trim()) return 'The message template may not be empty.';
  if (template.length > TELL_CLIENT_TEMPLATE_MAX)
    return `The message template may not be greater than ${TELL_CLIENT_TEMPLATE_MAX} characters.`;
  const unknown = [...template.matchAll(PLACEHOLDER)]
    .map((m) => m[1]!)
    .filter((p) => !(TELL_CLIENT_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length)
    return `Unknown placeholder {${unknown[0]}}: use ${TELL_CLIENT_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`;
  return null;
}

/**
 * The message with its placeholders filled: the next date as dd/mm/yyyy. A value the case lacks (no court
 * yet) becomes "-" so the sentence still reads; an unknown placeholder is left as typed.
 */
export function renderTellClient(template: string, values: TTellClientValues): string {
  const filled: Record<string, string> = {
    case: values.case.trim(),
    court: values.court?.trim() ?? '',
    outcome: values.outcome?.trim() ?? '',
    next_date: formatDate(values.next_date),
  };
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name in filled ? filled[name] || '-' : whole,
  );
}

/** The firm's template for a language, or the default when the admin left it empty. */
export const tellClientTemplate = (
  language: TClientLanguage | null | undefined,
  firm: Partial<Record<TClientLanguage, string | null>> = {},
): string => {
  const lang = language === 'ur' ? 'ur' : 'en';
  return firm[lang]?.trim() || DEFAULT_TELL_CLIENT_TEMPLATES[lang];
};

export type TTellClientLinks = { ok: true; whatsapp: string; sms: string } | { ok: false; message: string };

/**
 * The two links the "Tell client" buttons open: `https://wa.me/<digits>?text=…` and `sms:+<digits>?body=…`,
 * the message URL-encoded (Urdu included). A number that is no Pakistani mobile answers why instead.
 */
export function tellClientLinks(phone: string | null | undefined, message: string): TTellClientLinks {
  const r = toInternationalPhone(phone);
  if (!r.ok) return r;
  if (!r.phone.mobile) return { ok: false, message: MSG_PHONE_NOT_MOBILE };
  const text = encodeURIComponent(message);
  return {
    ok: true,
    whatsapp: `https://wa.me/${r.phone.digits}?text=${text}`,
    sms: `sms:${r.phone.e164}?body=${text}`,
  };
}
