import { z } from 'zod';
import { SIGNUP_ROLE_NAMES } from '../auth/roles.ts';
import { MSG } from '../common/messages.ts';
import { boolish, cnic, email, optionalText, password, phone, requiredText } from '../common/validation.ts';

/** POST /api/signup (part 1 §5). */
export const ZSignupInput = z
  .object({
    name: requiredText(MSG.nameRequired),
    email: email(),
    phone,
    password: password(),
    confirm_password: z.string({ error: MSG.passwordMismatch }),
    role_name: z.string().nullish(),
    mootStudent: boolish,
    moot_team_no: optionalText(50),
    moot_institute: z
      .string()
      .trim()
      .max(20, { error: MSG.validationFailed })
      .nullish()
      .transform((v) => (v ? v : null)),
    recaptcha_token: z.string().nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirm_password)
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: MSG.passwordMismatch });
    if (!v.mootStudent && !(SIGNUP_ROLE_NAMES as readonly string[]).includes(v.role_name ?? ''))
      ctx.addIssue({ code: 'custom', path: ['role_name'], message: MSG.statusRequired });
    if (v.mootStudent && !v.moot_team_no)
      ctx.addIssue({ code: 'custom', path: ['moot_team_no'], message: MSG.teamRequired });
  });
export type TSignupInput = z.infer<typeof ZSignupInput>;

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
    send_email: boolish,
    is_approved: boolish,
    is_moot_student: boolish,
    moot_team_no: optionalText(50),
    moot_institute: optionalText(100),
    contact_persons: z
      .array(ZContactPersonInput)
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((v, ctx) => {
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
  });
export type TUserInput = z.infer<typeof ZUserInput>;

/** The user as the API answers it (GET /api/user, /api/users/{id}, list rows). */
export type TUser = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  cnic: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  zip: string | null;
  company_id: string;
  company_name: string | null;
  role_id: string | null;
  roles: { id: string; name: string }[];
  is_admin: boolean;
  is_lawyer: boolean;
  is_student: boolean;
  is_client: boolean;
  is_provider: boolean;
  is_approved: boolean;
  is_blocked: boolean;
  approved_at: string | null;
  approve_by: string | null;
  is_moot_student: boolean;
  moot_team_no: string | null;
  moot_institute: string | null;
  attachment: { file_name: string } | null;
  contact_persons: {
    id: string;
    name: string | null;
    email: string | null;
    phone: string | null;
    cnic: string | null;
  }[];
  created_at: string;
};

/** GET /api/users filters (part 2 §7): is_approved 2 all, 1 approved, 0 pending. */
export const ZUserListQuery = z.object({
  name: z.string().trim().optional(),
  email: z.string().trim().optional(),
  role_id: z.string().trim().optional(),
  is_approved: z.coerce.number().int().min(0).max(2).catch(2).default(2),
  is_moot_student: boolish.optional(),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

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
