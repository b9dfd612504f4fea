import { Link, Navigate } from 'react-router';
import { can } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { useEntityRows } from '../sync/hooks.ts';
import { needsFirmSetup, setupPostponed } from './firm-setup.logic.ts';
import type { TSettingsRow } from './settings-form.logic.ts';

/**
 * On the dashboard of an admin whose firm still has default settings: the first time, straight to the setup
 * screen; after "Later", a line that keeps offering it until the firm's details are set.
 */
export function FirmSetupLead() {
  const { user, actor } = useAuth();
  const row = useEntityRows<TSettingsRow>('settings')?.[0];
  if (!user || !can(actor, 'settings.manage') || !needsFirmSetup(row)) return null;
  if (!setupPostponed(user.id)) return <Navigate to="/firm-setup" replace />;
  return (
    <p className="notice" role="note">
      Your firm&rsquo;s address and phone are not set yet: invoices print without them.{' '}
      <Link to="/firm-setup">Set up the firm</Link>
    </p>
  );
}
