import { useState } from 'react';
import { useParams } from 'react-router';
import { can, type TUser } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { useApiList } from '../tables/useApiList.tsx';
import { useOnline } from '../browser/useOnline.ts';
import { MSG_FORM_OFFLINE, UserForm } from './UserForm.tsx';
import { ReminderSettings } from './ReminderSettings.tsx';

/**
 * One form, three routes (part 2 §2.6): /users/create, /users/edit/:edit_user_id and
 * /register-company-admin/:company_id (a provider admin adds the first admin of another firm).
 * Anyone may open their own profile; everything else needs the user-administration permission.
 */
export function UserFormScreen() {
  const { edit_user_id, company_id } = useParams();
  const { actor } = useAuth();
  const ownProfile = !!edit_user_id && edit_user_id === actor?.id;
  return (
    <ScreenGuard permission={company_id ? 'companies.manage' : 'users.manage'} allow={ownProfile}>
      {edit_user_id ? (
        <EditUser id={edit_user_id} />
      ) : (
        <UserForm key={company_id ?? 'new'} user={null} companyParam={company_id} />
      )}
      {/* Saved on the device, so it shows (and saves) offline too, unlike the form above. */}
      {ownProfile && can(actor, 'hearingDate.edit') && <ReminderSettings userId={edit_user_id} />}
    </ScreenGuard>
  );
}

function EditUser({ id }: { id: string }) {
  const online = useOnline();
  // The form loads from the server once the device is online; going offline later keeps it on screen (with
  // Save disabled) instead of reloading it and losing what was typed.
  const [started, setStarted] = useState(online);
  if (online && !started) setStarted(true);
  const one = useApiList<{ user: TUser }>(started ? `/api/users/${encodeURIComponent(id)}` : null);
  // While (re)loading the form is unmounted, so after a save that stays here it restarts from the saved
  // user (new contact persons then carry their ids and are not created twice).
  if (!one.data || one.loading)
    return (
      <section className="page">
        <h1>Edit User</h1>
        <p role="status">{!started ? MSG_FORM_OFFLINE : one.loading ? 'Loading....' : 'No Records found.'}</p>
      </section>
    );
  return <UserForm key={one.data.user.id} user={one.data.user} onStay={one.reload} />;
}
