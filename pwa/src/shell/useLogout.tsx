import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { useSync } from '../sync/hooks.ts';
import { ConfirmDialog } from '../feedback/Modal.tsx';

/**
 * Logout on a shared computer removes this user's local copy (DESIGN §7). Changes that have not reached the
 * server yet would be lost with it, so the app first tries to send them and, if some remain, says so and
 * lets the user stay signed in.
 */
export function useLogout(): { start: () => Promise<void>; dialog: ReactElement } {
  const { user, logout } = useAuth();
  const sync = useSync();
  const navigate = useNavigate();
  const [unsent, setUnsent] = useState<number | null>(null);

  async function finish(): Promise<void> {
    setUnsent(null);
    const userId = user?.id;
    if (sync) {
      await sync.engine.stop();
      sync.db.close();
    }
    await logout();
    if (userId)
      await import('../sync/db.ts').then(({ deleteLocalDb }) => deleteLocalDb(userId)).catch(() => undefined);
    await navigate('/login');
  }

  async function start(): Promise<void> {
    if (sync) {
      await sync.engine.syncNow();
      const pending = await sync.db.outbox.where('status').equals('pending').count();
      if (pending > 0) {
        setUnsent(pending);
        return;
      }
    }
    await finish();
  }

  const dialog = (
    <ConfirmDialog
      open={unsent !== null}
      message={`${unsent ?? 0} change${unsent === 1 ? '' : 's'} made on this device ha${unsent === 1 ? 's' : 've'} not reached the office yet. Logging out deletes them from this device. Stay signed in to send them when you are online.`}
      confirmLabel="Log out and delete them"
      cancelLabel="Stay signed in"
      onConfirm={() => void finish()}
      onCancel={() => setUnsent(null)}
    />
  );
  return { start, dialog };
}
