import { z } from 'zod';
import { SIGNUP_ROLE_NAMES } from '../auth/roles.ts';
import { MSG } from '../common/messages.ts';
import { zPaginator } from '../common/responses.ts';
import { queryPage } from '../common/wire.ts';
import { boolish, cnic, email, optionalText, password, phone, requiredText } from '../common/validation.ts';
import { USER_PREFERENCE_INPUT } from '../court-day/preferences.ts';
import { CLIENT_LANGUAGES } from '../court-day/tell-client.ts';

/** POST /api/signup (part 1 §5). */
export const ZSignupInput = z
  .object({
    name: requiredText(MSG.nameRequired),
    email: email(),
    phone,
    password: password(),
    confirm_password: z.string({ error: MSG.passwordMismatch }),
    role_name: z.string().nullish(),
    // The original client does not send the flag at all; a missing flag is a normal sign-up.
    mootStudent: boolish.optional().transform((v) => v === true),
    moot_team_no: optionalText(50),
    moot_institute: z
      .string()
      .trim()
      .max(20, { error: MSG.validationFailed })
      .nullish()
      .transform((v) => (v ? v : null)),
    recaptcha_token: z.string().nullish(),
  })
  // Runs even when a field is missing (zod skips refinements after a missing field by default), so one answer
  // lists every message the form has to show.
  .superRefine(
    (v, ctx) => {
      if (typeof v.confirm_password === 'string' && v.password !== v.confirm_password)
        ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: MSG.passwordMismatch });
      if (!v.mootStudent && !(SIGNUP_ROLE_NAMES as readonly string[]).includes(v.role_name ?? ''))
        ctx.addIssue({ code: 'custom', path: ['role_name'], message: MSG.statusRequired });
      if (v.mootStudent && !v.moot_team_no)
        ctx.addIssue({ code: 'custom', path: ['moot_team_no'], message: MSG.teamRequired });
    },
    { when: (p) => typeof p.value === 'object' && p.value !== null },
  );
export type TSignupInput = z.infer<typeof ZSignupInput>;

/** The answer to a sign-up: the account exists and waits for an admin's approval. */
export const ZSignupResponse = z.object({ message: z.string(), user_id: z.string() });
export type TSignupResponse = z.infer<typeof ZSignupResponse>;

export const ZContactPersonInput = z.object({
  id: z.string().nullish(),
  name: optionalText(191),
  email: z
    .string()
    .trim()
    .max(191)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, { error: MSG.emailInvalid }),
  phone: optionalText(30),
  cnic: optionalText(30),
});

/** POST /api/users (part 2 §2.6, rest-contract #104): create when no id, update otherwise. */
export const ZUserInput = z
  .object({
    id: z.string().nullish(),
    name: requiredText(MSG.nameRequired),
    email: email(),
    password: z.string().nullish(),
    confirm_password: z.string().nullish(),
    phone,
    cnic,
    address: optionalText(255),
    city: optionalText(100),
    province: optionalText(100),
    zip: optionalText(20),
    company_id: z.string().nullish(),
    company_name: optionalText(191),
    role_id: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => (v == null || v === '' ? null : String(v))),
    // A list row or an older client may leave a flag out: missing means false.
    send_email: boolish.optional().transform((v) => v === true),
    // Missing stays undefined: an update that leaves a flag out keeps the stored value.
    is_approved: boolish.optional(),
    is_moot_student: boolish.optional(),
    moot_team_no: optionalText(50),
    moot_institute: optionalText(100),
    // The court day (issue 34): left out, an update keeps what the user had.
    ...USER_PREFERENCE_INPUT,
    contact_persons: z
      .array(ZContactPersonInput)
      .nullish()
      .transform((v) => v ?? []),
  })
  // Runs even when another field is invalid, so one answer lists every message the form has to show.
  .superRefine(
    (v, ctx) => {
      if (!v.role_id) ctx.addIssue({ code: 'custom', path: ['role_id'], message: MSG.roleRequired });
      const creating = !v.id;
      if (creating && !v.password)
        ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.passwordRequired });
      if (v.password) {
        const p = password().safeParse(v.password);
        if (!p.success)
          ctx.addIssue({ code: 'custom', path: ['password'], message: p.error.issues[0]!.message });
        if (v.password !== v.confirm_password)
          ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.passwordMismatch });
      }
    },
    { when: (p) => typeof p.value === 'object' && p.value !== null },
  );
export type TUserInput = z.infer<typeof ZUserInput>;

/** A role as the role dropdowns read it. */
export const ZRole = z.object({ id: z.string(), name: z.string() });
export type TRole = z.infer<typeof ZRole>;

/**
 * The user as the API answers it (GET /api/user, /api/users/{id}, list rows). A closed shape: whatever else a
 * user row holds (the password hash above all) never leaves the server, even if a caller passed it along.
 */
export const ZUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  cnic: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  zip: z.string().nullable(),
  company_id: z.string(),
  company_name: z.string().nullable(),
  role_id: z.string().nullable(),
  roles: z.array(ZRole),
  is_admin: z.boolean(),
  is_lawyer: z.boolean(),
  is_student: z.boolean(),
  is_client: z.boolean(),
  is_provider: z.boolean(),
  is_approved: z.boolean(),
  is_blocked: z.boolean(),
  approved_at: z.string().nullable(),
  approve_by: z.string().nullable(),
  is_moot_student: z.boolean(),
  moot_team_no: z.string().nullable(),
  moot_institute: z.string().nullable(),
  // The court day (issue 34): the language messages to them are written in, and their evening reminder.
  language: z.enum(CLIENT_LANGUAGES).nullable().optional(),
  reminders_enabled: z.boolean().optional(),
  reminder_hour: z.number().int().nullable().optional(),
  attachment: z.object({ file_name: z.string() }).nullable(),
  contact_persons: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      cnic: z.string().nullable(),
    }),
  ),
  created_at: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/** GET /api/users filters (part 2 §7): is_approved 2 all, 1 approved, 0 pending. */
export const ZUserListQuery = z.object({
  name: z.string().trim().optional(),
  email: z.string().trim().optional(),
  role_id: z.string().trim().optional(),
  is_approved: z.coerce.number().int().min(0).max(2).catch(2).default(2),
  is_moot_student: boolish.optional(),
  page: queryPage,
  /** Honoured only for an admin of the provider firm (the companies screen lists another firm's users). */
  company_id: z.string().trim().optional(),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;

/** GET /api/users: a Laravel-style paginator, as the original client reads it. */
export const ZUserListResponse = z.object({ users: zPaginator(ZUser), roles: z.array(ZRole) });
export type TUserListResponse = z.infer<typeof ZUserListResponse>;

/** POST /api/approve_or_block: the client sends the whole list row with is_approved toggled. */
export const ZApproveOrBlockInput = z.object({
  user: z.object(
    {
      id: z.string({ error: 'The user is required.' }).min(1, { error: 'The user is required.' }),
      is_approved: boolish.optional().transform((v) => v === true),
    },
    { error: 'The user is required.' },
  ),
});
export type TApproveOrBlockInput = z.infer<typeof ZApproveOrBlockInput>;

export const LOGIN_FIELDS = z.object({
  email: z
    .string({ error: MSG.loginEmailRequired })
    .trim()
    .min(1, { error: MSG.loginEmailRequired })
    .pipe(z.email({ error: MSG.emailInvalid }))
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: MSG.loginPasswordRequired })
    .min(1, { error: MSG.loginPasswordRequired })
    .max(1024),
});
