import { useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext.tsx';
import { SyncContext, type TSyncContext } from './context.ts';
import { openLocalDb } from './db.ts';
import { SyncEngine } from './engine.ts';
import { sessionTokens } from './session-tokens.ts';

/**
 * Opens the signed-in user's own database and runs its sync engine for as long as that user is signed in.
 * Switching accounts closes one database and opens the other: one user's queue is never sent as another.
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [ctx, setCtx] = useState<TSyncContext | null>(null);

  useEffect(() => {
    if (!userId) return;
    const db = openLocalDb(userId);
    const engine = new SyncEngine({
      db,
      baseUrl: '',
      fetch: (input, init) => window.fetch(input, init),
      getToken: sessionTokens.get,
      refreshToken: sessionTokens.refresh,
      userId,
    });
    engine.start();
    setCtx({ db, engine });
    // Offline data must survive storage pressure (DESIGN §8); the browser may still say no.
    void navigator.storage?.persist?.().catch(() => false);
    return () => {
      setCtx(null);
      void engine.stop().finally(() => db.close());
    };
  }, [userId]);

  return <SyncContext.Provider value={ctx}>{children}</SyncContext.Provider>;
}
