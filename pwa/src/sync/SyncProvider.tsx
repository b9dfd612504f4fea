import { useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext.tsx';
import { reportSyncLoadFailure } from '../ui/syncLoadFailure.ts';
import { SyncContext, type TSyncContext } from './context.ts';

/**
 * Opens the signed-in user's own database and runs its sync engine for as long as that user is signed in.
 * Switching accounts closes one database and opens the other: one user's queue is never sent as another.
 * The database and the engine (Dexie with them) are a chunk loaded here, after sign-in, not by the login page.
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [ctx, setCtx] = useState<TSyncContext | null>(null);

  useEffect(() => {
    if (!userId) return;
    let ended = false;
    let stop: (() => Promise<void>) | null = null;
    void import('./local-sync.ts').then(({ startLocalSync }) => {
      if (ended) return;
      const started = startLocalSync(userId);
      stop = started.stop;
      setCtx(started.ctx);
    }, reportSyncLoadFailure);
    // Offline data must survive storage pressure (DESIGN §8); the browser may still say no.
    void navigator.storage?.persist?.().catch(() => false);
    return () => {
      ended = true;
      setCtx(null);
      void stop?.();
    };
  }, [userId]);

  return <SyncContext.Provider value={ctx}>{children}</SyncContext.Provider>;
}
