import type { ReactNode } from 'react';
import { can, type TPermission } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';

/**
 * Shows a screen only to users the shared permission table allows. The server refuses the calls anyway;
 * this only spares the user a page of failing requests. `allow` grants access on other grounds (a user
 * editing their own profile).
 */
export function ScreenGuard({
  permission,
  allow = false,
  children,
}: {
  permission: TPermission;
  allow?: boolean;
  children: ReactNode;
}) {
  const { actor } = useAuth();
  if (allow || can(actor, permission)) return <>{children}</>;
  return (
    <section className="page">
      <p role="alert">You do not have access to this page.</p>
    </section>
  );
}
