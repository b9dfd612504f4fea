import { z } from 'zod';
import { MSG, ROLE_IDS, type TActor } from '@lawfirm/shared-types';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import { nowIso } from '../db/ids.ts';
import { registerEntity, type EntityDef } from '../sync/entities.ts';

/**
 * What a user may change on their own profile (the My Profile form, over REST or from a device alike);
 * everything else (role, approval, the moot-student flag) is the admin's.
 */
const SELF_EDITABLE = [
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
];
const optional = z.string().max(255).nullish();

export const usersEntity: EntityDef = {
  name: 'users',
  table: 'users',
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
  },
  writable: [...SELF_EDITABLE, 'role_id', 'is_moot_student', 'is_approved'],
  schema: z.object({
    name: z.string({ error: MSG.nameRequired }).trim().min(1, { error: MSG.nameRequired }).max(191),
    email: z.email({ error: MSG.emailInvalid }).max(191),
    role_id: z.enum(Object.values(ROLE_IDS) as [string, ...string[]], { error: MSG.roleRequired }),
    phone: optional,
    cnic: optional,
    moot_institute: optional,
  }),
  // The firm's people: admins, lawyers and staff work with colleagues and clients (lawyer pickers, party
  // names), so they read every member; students and clients read only their own account.
  readScope: (a: TActor) =>
    a.is_student || a.is_client ? { anyOf: [{ column: 'id', value: a.id }] } : 'all',
  // Accounts need a password and an email, so they are created online (POST /api/users, sign-up) as server
  // inserts (sync/system-write.ts).
  canCreate: () => false,
  canUpdate: (a, row, fields) => {
    if (a.is_admin) return true;
    if (row.id === a.id && fields.every((f) => SELF_EDITABLE.includes(f))) return true;
    return MSG.forbidden;
  },
  canDelete: (a, row) => a.is_admin && row.id !== a.id,
  check: async (trx, _a, row, changed) => {
    if (!changed.includes('email')) return null;
    const email = String(row.email).toLowerCase();
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('id', '!=', row.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return taken ? MSG.emailTaken : null;
  },
  afterWrite: async (trx, actor, before, after, changed, effects) => {
    if (changed.includes('email'))
      await trx
        .updateTable('users')
        .set({ email: String(after.email).toLowerCase() })
        .where('id', '=', after.id)
        .execute();
    if (!changed.includes('is_approved')) return;
    if (after.is_approved) {
      // Approved from a device: the same mail the REST approval sends (REST calls send theirs themselves).
      if (effects && !before?.is_approved)
        await effects.mail(trx, {
          companyId: after.company_id,
          to: String(after.email),
          subject: 'Your account is approved',
          text: `Dear ${String(after.name)},\n\nYour account is approved. You can now log in at ${effects.loginUrl} with your email ${String(after.email)}.\n`,
        });
      await trx
        .updateTable('users')
        .set({ approved_at: nowIso(), approved_by: actor.id, blocked_at: null })
        .where('id', '=', after.id)
        .execute();
    } else {
      // Blocking ends every session at the next request.
      await trx
        .updateTable('users')
        .set({ blocked_at: before?.approved_at ? nowIso() : null })
        .where('id', '=', after.id)
        .execute();
      await revokeUserSessions(trx, after.id);
    }
  },
};
registerEntity(usersEntity);
