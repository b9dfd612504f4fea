import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { useOnline } from '../browser/useOnline.ts';
import { useSyncLoadFailed } from '../sync/syncLoadFailure.ts';
import { useSync, useSyncStatus } from '../sync/hooks.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A state the user can act on: a whole 44 px tap target around a small pill. */
function PillLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="pill-link">
      <span className="pill warn">{children}</span>
    </Link>
  );
}

/**
 * The header's sync state (DESIGN §8): connection, pending changes, uploads, conflicts, first download. A polite
 * live region, so a screen reader hears "Offline" or "2 pending" without losing its place. Short pills that wrap
 * (the header shrinks the firm's name first), and the first download's bar runs along the header's bottom edge,
 * so no state pushes Menu off a 360 px screen.
 */
export function SyncStatusBadge() {
  const ctx = useSync();
  const s = useSyncStatus();
  const browserOnline = useOnline();
  const { user } = useAuth();
  const loadFailed = useSyncLoadFailed() && !!user && !ctx;
  const online = ctx ? s.online : browserOnline;
  const first = s.firstSync;
  const percent = first ? Math.min(99, Math.floor((100 * first.done) / Math.max(1, first.total))) : 0;
  return (
    <div className="sync-status" role="status" aria-live="polite" aria-label="Connection and sync">
      <span className={`pill ${online ? 'net-on' : 'net-off'}`}>
        <span className="dot" aria-hidden="true" />
        {online ? 'Online' : 'Offline'}
      </span>
      {s.pending > 0 && <span className="pill">{s.pending} pending</span>}
      {s.uploading && (
        <span className="pill">
          Uploading {Math.min(s.uploading.done + 1, s.uploading.total)}/{s.uploading.total}
        </span>
      )}
      {s.conflicts > 0 && <PillLink to="/conflicts">{plural(s.conflicts, 'conflict', 'conflicts')}</PillLink>}
      {s.rejected > 0 && <PillLink to="/conflicts">{`${s.rejected} not accepted`}</PillLink>}
      {s.paused && online && <span className="pill warn">Sign in to sync</span>}
      {first && (
        <span className="pill">
          Downloading {percent}%
          <progress
            className="first-sync-bar"
            max={100}
            value={percent}
            aria-label="Downloading your firm's data"
          />
        </span>
      )}
      {loadFailed && (
        <>
          <span className="pill warn">Sync did not load</span>
          <button type="button" className="pill-link" onClick={() => window.location.reload()}>
            <span className="pill">Reload</span>
          </button>
        </>
      )}
    </div>
  );
}
