import { z } from 'zod';
import { can } from '../auth/permissions.ts';
import { ROLE_IDS } from '../auth/roles.ts';
import { MSG } from '../common/messages.ts';
import { tooLong } from '../common/validation.ts';
import { defineEntity } from '../sync/entity.ts';
import {
  USER_PREFERENCE_COLUMNS,
  USER_PREFERENCE_FIELDS,
  USER_PREFERENCE_SHAPE,
} from '../court-day/preferences.ts';

/**
 * What a user may change on their own profile (the My Profile form, over REST or from a device alike);
 * everything else (role, approval, the moot-student flag) is the admin's.
 */
export const USER_SELF_EDITABLE = [
  'name',
  'email',
  'phone',
  'cnic',
  'company_name',
  'address',
  'city',
  'province',
  'zip',
  'moot_team_no',
  'moot_institute',
  // The court day (issue 34): the language messages to them are written in, and their evening reminder.
  ...USER_PREFERENCE_FIELDS,
] as const;
const optional = z.string().max(255, tooLong(255)).nullish();

export const usersDecl = defineEntity({
  name: 'users',
  columns: {
    id: 'text',
    company_id: 'text',
    name: 'text',
    email: 'text',
    phone: 'text',
    cnic: 'text',
    company_name: 'text',
    address: 'text',
    city: 'text',
    province: 'text',
    zip: 'text',
    role_id: 'text',
    avatar_file_name: 'text',
    is_moot_student: 'bool',
    moot_team_no: 'text',
    moot_institute: 'text',
    is_approved: 'bool',
    approved_at: 'text',
    approved_by: 'text',
    blocked_at: 'text',
    send_email: 'bool',
    created_at: 'text',
    ...USER_PREFERENCE_COLUMNS,
  },
  writable: [...USER_SELF_EDITABLE, 'role_id', 'is_moot_student', 'is_approved'],
  schema: z.object({
    name: z
      .string({ error: MSG.nameRequired })
      .trim()
      .min(1, { error: MSG.nameRequired })
      .max(191, tooLong(191)),
    email: z.email({ error: MSG.emailInvalid }).max(191, tooLong(191)),
    role_id: z.enum(Object.values(ROLE_IDS) as [string, ...string[]], { error: MSG.roleRequired }),
    phone: optional,
    cnic: optional,
    moot_institute: optional,
    ...USER_PREFERENCE_SHAPE,
  }),
  indexes: ['email', 'role_id', 'created_at'],
  // A member's identity number and home address: GET /api/users/{id} answers them to admins and the member
  // only (colleagues' pickers get names), so other devices receive the row without them.
  hidden: [
    { columns: ['cnic', 'address'], hiddenFrom: (a, row) => !can(a, 'users.manage') && row.id !== a.id },
  ],
  policy: {
    // The firm's people: admins, lawyers and staff work with colleagues and clients (lawyer pickers, party
    // names), so they read every member; students and clients read only their own account.
    readScope: (a) => (a.is_student || a.is_client ? { anyOf: [{ column: 'id', value: a.id }] } : 'all'),
    // Accounts need a password and an email, so they are created online (POST /api/users, sign-up).
    canCreate: () => false,
    canUpdate: (a, row, fields) => {
      if (a.is_admin) return true;
      if (row.id === a.id && fields.every((f) => (USER_SELF_EDITABLE as readonly string[]).includes(f)))
        return true;
      return MSG.forbidden;
    },
    canDelete: (a, row) => a.is_admin && row.id !== a.id,
  },
});
