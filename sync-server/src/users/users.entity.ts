import { MSG, USER_SELF_EDITABLE, usersDecl, type TActor } from '@lawfirm/shared-types';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import { nowIso } from '../db/ids.ts';
import { serverEntity } from '../sync/entities.ts';

export const usersEntity = serverEntity(usersDecl, {
  // The firm's people: admins, lawyers and staff work with colleagues and clients (lawyer pickers, party
  // names), so they read every member; students and clients read only their own account.
  readScope: (a: TActor) =>
    a.is_student || a.is_client ? { anyOf: [{ column: 'id', value: a.id }] } : 'all',
  // Accounts need a password and an email, so they are created online (POST /api/users, sign-up) as server
  // inserts (sync/system-write.ts).
  canCreate: () => false,
  canUpdate: (a, row, fields) => {
    if (a.is_admin) return true;
    if (row.id === a.id && fields.every((f) => (USER_SELF_EDITABLE as readonly string[]).includes(f)))
      return true;
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
});
