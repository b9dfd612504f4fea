import { useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext.tsx';
import { reportSyncLoadFailure } from '../sync/syncLoadFailure.ts';
import { whenIdle } from '../browser/whenIdle.ts';
import { SyncContext, type TSyncContext } from '../sync/context.ts';
import { forgetLocalSync, loadLocalSync } from '../sync/local-loader.ts';

/**
 * Opens the signed-in user's own database and runs its sync engine for as long as that user is signed in.
 * Switching accounts closes one database and opens the other: one user's queue is never sent as another.
 * The database and the engine (Dexie with them) are the sync chunk (local-loader.ts), not loaded by the login
 * page; on a signed-in start the app has already begun loading it before this first renders.
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [ctx, setCtx] = useState<TSyncContext | null>(null);

  useEffect(() => {
    if (!userId) return;
    let ended = false;
    const local = loadLocalSync(userId);
    local.then((started) => {
      if (ended) return;
      setCtx(started.ctx);
      // Syncing waits for the first screen: its reads (and its render) go first, the pull's writes after.
      whenIdle(() => !ended && started.start());
    }, reportSyncLoadFailure);
    // Offline data must survive storage pressure (DESIGN §8); the browser may still say no. Asked once the
    // first screen is up.
    whenIdle(() => void navigator.storage?.persist?.().catch(() => false));
    return () => {
      ended = true;
      setCtx(null);
      forgetLocalSync(local);
      void local.then((started) => started.stop()).catch(() => undefined);
    };
  }, [userId]);

  return <SyncContext.Provider value={ctx}>{children}</SyncContext.Provider>;
}
