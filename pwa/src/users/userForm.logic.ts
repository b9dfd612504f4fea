import { MSG, password as passwordRule, usersDecl, type TUser } from '@lawfirm/shared-types';
import type { ApiError } from '../http/client.ts';
import { zodFieldErrors, type FieldErrors } from '../ui/form.tsx';

/** The flat fields of the add/edit user form (part 2 §2.6); contact persons and the image live beside them. */
export type TUserFormValues = {
  name: string;
  cnic: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  /** One's own password changes only with the current one (the server checks it). */
  current_password: string;
  role_id: string;
  company_id: string;
  address: string;
  city: string;
  province: string;
  zip: string;
  send_email: boolean;
  is_moot_student: boolean;
  moot_team_no: string;
  moot_institute: string;
  /** The approval toggle: "Approve this User" for a pending user, "Block this User" for an approved one. */
  approval_toggle: boolean;
  /** The language messages to the user are written in ('en', 'ur'; '' = not set: English). Issue 34. */
  language: string;
};

export type TContactDraft = {
  /** Stable React key; saved rows also carry their server id. */
  key: string;
  id: string | null;
  name: string;
  email: string;
  phone: string;
  cnic: string;
};
export type TContactErrors = Partial<Record<'name' | 'email' | 'phone' | 'cnic', string>>;

/**
 * Part 2 §9 asks for a 6-character generated password, but our own server (DESIGN §7, ZUserInput) refuses
 * passwords under 8 characters, so a 6-character one could never be saved. The length is the server's
 * minimum; change only this constant if that rule changes.
 */
export const GENERATED_PASSWORD_LENGTH = 8;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random alphanumeric text from the platform CSPRNG; bytes ≥ 248 are dropped so every character is equally likely. */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  const limit = 256 - (256 % ALPHANUMERIC.length);
  let out = '';
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < limit && out.length < length) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
    }
  }
  return out;
}

let contactSeq = 0;
export function newContactKey(): string {
  return `contact-${++contactSeq}`;
}

export function contactsOf(user: TUser | null): TContactDraft[] {
  return (user?.contact_persons ?? []).map((c) => ({
    key: newContactKey(),
    id: c.id,
    name: c.name ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    cnic: c.cnic ?? '',
  }));
}

export function initialValues(
  user: TUser | null,
  opts: { generatedPassword: string; companyId?: string; roleId?: string },
): TUserFormValues {
  return {
    name: user?.name ?? '',
    cnic: user?.cnic ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    password: user ? '' : opts.generatedPassword,
    confirm_password: user ? '' : opts.generatedPassword,
    current_password: '',
    role_id: (user?.role_id ?? user?.roles[0]?.id ?? opts.roleId) || '',
    company_id: opts.companyId ?? user?.company_id ?? '',
    address: user?.address ?? '',
    city: user?.city ?? '',
    province: user?.province ?? '',
    zip: user?.zip ?? '',
    // Part 2 §5: send_email defaults to true on create.
    send_email: !user,
    is_moot_student: user?.is_moot_student ?? false,
    moot_team_no: user?.moot_team_no ?? '',
    moot_institute: user?.moot_institute ?? '',
    // An account an admin creates is vouched for by that admin, so the approve box starts ticked.
    approval_toggle: !user,
    language: user?.language ?? '',
  };
}

/** The user row's own rules (name, email, role) with the spec's messages (usersDecl in shared-types). */
const USER_ROW_RULES = usersDecl.schema.pick({ name: true, email: true, role_id: true });

/**
 * Client rules of part 2 §5, with the spec's texts: the row fields are checked with the user's row schema;
 * company, password and confirmation are the form's own.
 */
export function validateUser(
  v: TUserFormValues,
  opts: { creating: boolean; needsCompany: boolean },
): FieldErrors<keyof TUserFormValues> {
  const e: FieldErrors<keyof TUserFormValues> = zodFieldErrors(USER_ROW_RULES, {
    name: v.name,
    email: v.email.trim(),
    role_id: v.role_id,
  });
  // The row schema has one message for a missing and a malformed email; the form names a missing one.
  if (!v.email.trim()) e.email = MSG.emailRequired;
  if (opts.needsCompany && !v.company_id) e.company_id = MSG.companyRequired;
  if (opts.creating && !v.password) e.password = MSG.passwordRequired;
  if (v.password) {
    const p = passwordRule().safeParse(v.password);
    if (!p.success) e.password = p.error.issues[0]?.message;
  }
  if ((v.password || v.confirm_password) && v.password !== v.confirm_password)
    e.confirm_password = MSG.passwordMismatch;
  return e;
}

const isBlank = (c: TContactDraft) => !c.name.trim() && !c.email.trim() && !c.phone.trim() && !c.cnic.trim();

/**
 * The POST /api/users body (rest-contract #104). Blank contact rows are left out; `contactKeys[i]` names the
 * form row behind `contact_persons[i]` so server errors like `contact_persons.0.email` land on that row.
 */
export function toPayload(
  v: TUserFormValues,
  opts: { user: TUser | null; contacts: TContactDraft[]; canApprove: boolean; contactsChanged?: boolean },
): { body: Record<string, unknown>; contactKeys: string[] } {
  const { body, contactKeys } = wholeBody(v, opts);
  const { user } = opts;
  if (!user) return { body, contactKeys };
  // An edit carries only what it changed (the server changes only the fields a body carries), so the user's own
  // changes made meanwhile on another device (their phone, language, reminder hour) survive an admin's edit.
  // The row's identity and its required fields go always: the old API's save needs them.
  const before = wholeBody(initialValues(user, { generatedPassword: '' }), {
    ...opts,
    contacts: contactsOf(user),
  }).body;
  const changed: Record<string, unknown> = {
    id: user.id,
    name: body.name,
    email: body.email,
    role_id: body.role_id,
  };
  for (const [k, value] of Object.entries(body)) {
    if (k === 'contact_persons') {
      if (opts.contactsChanged) changed[k] = value;
    } else if (JSON.stringify(value) !== JSON.stringify(before[k])) changed[k] = value;
  }
  return { body: changed, contactKeys: opts.contactsChanged ? contactKeys : [] };
}

/** Every field of the form as POST /api/users takes it (a create sends it all). */
function wholeBody(
  v: TUserFormValues,
  opts: { user: TUser | null; contacts: TContactDraft[]; canApprove: boolean },
): { body: Record<string, unknown>; contactKeys: string[] } {
  const { user } = opts;
  const wasApproved = user?.is_approved ?? false;
  const kept = opts.contacts.filter((c) => !isBlank(c));
  const body: Record<string, unknown> = {
    ...(user ? { id: user.id } : {}),
    name: v.name.trim(),
    email: v.email.trim(),
    phone: v.phone,
    cnic: v.cnic,
    address: v.address,
    city: v.city,
    province: v.province,
    zip: v.zip,
    company_id: v.company_id || null,
    company_name: user?.company_name ?? null,
    role_id: v.role_id,
    send_email: v.send_email,
    is_approved: opts.canApprove ? (wasApproved ? !v.approval_toggle : v.approval_toggle) : wasApproved,
    is_moot_student: v.is_moot_student,
    moot_team_no: v.is_moot_student ? v.moot_team_no : null,
    moot_institute: v.is_moot_student ? v.moot_institute : null,
    language: v.language || null,
    contact_persons: kept.map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      name: c.name,
      email: c.email,
      phone: c.phone,
      cnic: c.cnic,
    })),
  };
  // An empty password on edit means "keep the current one".
  if (v.password) {
    body.password = v.password;
    body.confirm_password = v.confirm_password;
    if (v.current_password) body.current_password = v.current_password;
  }
  return { body, contactKeys: kept.map((c) => c.key) };
}

type ErrorMap = Record<string, string[] | undefined>;

/**
 * Spreads a 422 over the form: `validation_error.{field}` under its field, `contact_persons.N.x` under row N,
 * `contact_person_validation_error.email` under the contact persons list. Whatever has no place on the form
 * comes back as `other`, so it is still shown.
 */
export function placeServerErrors(
  err: ApiError,
  fields: readonly string[],
  contactKeys: string[],
): {
  fields: FieldErrors;
  contacts: Record<string, TContactErrors>;
  contactsError?: string;
  other?: string;
} {
  const out: ReturnType<typeof placeServerErrors> = { fields: {}, contacts: {} };
  const validation = (err.body.validation_error ?? {}) as ErrorMap;
  const others: string[] = [];
  for (const [key, messages] of Object.entries(validation)) {
    const first = messages?.[0];
    if (!first) continue;
    const row = /^contact_persons\.(\d+)\.(name|email|phone|cnic)$/.exec(key);
    const rowKey = row ? contactKeys[Number(row[1])] : undefined;
    if (row && rowKey) (out.contacts[rowKey] ??= {})[row[2] as keyof TContactErrors] ??= first;
    else if (key === 'is_approved') out.fields.approval_toggle ??= first;
    else if (fields.includes(key)) out.fields[key] ??= first;
    else others.push(first);
  }
  // Our server keys contact errors by field only (no row), so they go under the whole list; email first.
  const contactMap = (err.body.contact_person_validation_error ?? {}) as ErrorMap;
  const contactFirst = contactMap.email?.[0] ?? Object.values(contactMap).find((m) => m?.[0])?.[0];
  if (contactFirst) out.contactsError = contactFirst;
  if (others.length) out.other = others.join(' ');
  return out;
}
