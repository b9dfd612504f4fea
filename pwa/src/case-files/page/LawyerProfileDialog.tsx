import { useMemo } from 'react';
import { ROLE_LABELS, roleNameById, type TRoleName } from '@lawfirm/shared-types';
import { useAuth } from '../../auth/AuthContext.tsx';
import { useEntityRow } from '../../sync/hooks.ts';
import { Modal } from '../../feedback/Modal.tsx';
import { lawyerCaseCount, UNKNOWN_LAWYER } from '../caseFiles.logic.ts';
import type { TUserRow } from '../caseFiles.types.ts';
import { usePetitions } from '../useCaseFiles.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

type TProfile = Pick<
  TUserRow,
  'name' | 'email' | 'phone' | 'cnic' | 'address' | 'city' | 'province' | 'company_name'
> & { roles: string };

/**
 * A lawyer's profile from the petition page (part 1 §2). Read from this device: an admin's device has every
 * member's whole row; a lawyer's or staff member's has colleagues' rows without CNIC and address (shown as
 * '—'); a student's or client's only their own (or the signed-in session's copy of it), so another lawyer
 * shows just the case count.
 */
export function LawyerProfileDialog({ lawyerId, onClose }: { lawyerId: string; onClose: () => void }) {
  const row = useEntityRow<TUserRow>('users', lawyerId);
  const { user: me } = useAuth();
  const petitions = usePetitions();
  const total = useMemo(() => petitions && lawyerCaseCount(petitions, lawyerId), [petitions, lawyerId]);
  let profile: TProfile | null = null;
  if (row) {
    const role = roleNameById(row.role_id);
    profile = { ...row, roles: role ? ROLE_LABELS[role] : '' };
  } else if (me?.id === lawyerId)
    profile = { ...me, roles: me.roles.map((r) => ROLE_LABELS[r.name as TRoleName] ?? r.name).join(', ') };
  const name = profile?.name ?? UNKNOWN_LAWYER;
  const facts: [string, string | null | undefined][] = [
    ['Roles', profile?.roles],
    ['Email', profile?.email],
    ['Phone', profile?.phone],
    ['CNIC', profile?.cnic],
    ['Address', profile?.address],
    ['City', profile?.city],
    ['Province', profile?.province],
    ['Company Name', profile?.company_name],
  ];
  return (
    <Modal open title="Lawyer Profile" onClose={onClose}>
      <div className="lawyer-profile">
        <div className="avatar" aria-hidden="true">
          {profile ? initials(name) : '?'}
        </div>
        <p className="lawyer-name">{name}</p>
        {!profile && row === null && <p className="muted">This lawyer's profile is not on this device.</p>}
        <dl>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
          <div>
            <dt>Total Petitions</dt>
            <dd>{total ?? '…'}</dd>
          </div>
        </dl>
      </div>
    </Modal>
  );
}
