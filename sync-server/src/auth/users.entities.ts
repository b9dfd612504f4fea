import { MSG, usersDecl } from '@lawfirm/shared-types';
import { revokeUserSessions } from './sessions.repository.ts';
import { nowIso } from '../db/ids.ts';
import { serverEntity } from '../sync/entities.ts';

/** Unique emails and the effects of approving or blocking: the server's half of the users entity. */
export const usersEntity = serverEntity(usersDecl, {
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
