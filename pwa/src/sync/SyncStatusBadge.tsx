import { Link } from 'react-router';
import { useOnline } from '../ui/useOnline.ts';
import { useSync, useSyncStatus } from './hooks.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The header's sync state (DESIGN §8): connection, pending changes, uploads, conflicts, first download. */
export function SyncStatusBadge() {
  const ctx = useSync();
  const s = useSyncStatus();
  const online = useOnline();
  if (!ctx)
    return (
      <div className="sync-status" role="status" aria-label="Connection and sync">
        <span className={`net ${online ? 'net-on' : 'net-off'}`}>
          <span className="dot" aria-hidden="true" />
          {online ? 'Online' : 'Offline'}
        </span>
      </div>
    );
  return (
    <div className="sync-status" role="status" aria-label="Connection and sync">
      <span className={`net ${s.online ? 'net-on' : 'net-off'}`}>
        <span className="dot" aria-hidden="true" />
        {s.online ? 'Online' : 'Offline'}
      </span>
      {s.pending > 0 && <span className="badge">{s.pending} pending</span>}
      {s.uploading && (
        <span className="badge">
          Uploading {Math.min(s.uploading.done + 1, s.uploading.total)}/{s.uploading.total}
        </span>
      )}
      {s.conflicts > 0 && (
        <Link to="/conflicts" className="badge warn">
          {plural(s.conflicts, 'conflict', 'conflicts')}
        </Link>
      )}
      {s.rejected > 0 && (
        <Link to="/conflicts" className="badge warn">
          {s.rejected} not accepted
        </Link>
      )}
      {s.paused && s.online && <span className="badge warn">Sign in to sync</span>}
      {s.firstSync && (
        <progress
          max={Math.max(1, s.firstSync.total)}
          value={s.firstSync.done}
          aria-label="Downloading your firm's data"
        />
      )}
    </div>
  );
}
