import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TActor, TUser } from '@lawfirm/shared-types';
import { api, ApiError } from '../http/client.ts';
import { whenIdle } from '../browser/whenIdle.ts';
import {
  login as doLogin,
  logout as doLogout,
  onSessionChange,
  setSession,
  storedUser,
  updateUser,
} from './session.ts';

type AuthState = {
  user: TUser | null;
  /** Permission checks take the user as an actor (the server holds the same rules). */
  actor: TActor | null;
  login: (email: string, password: string) => Promise<TUser>;
  logout: () => Promise<void>;
  reload: () => Promise<void>;
};

const Ctx = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<TUser | null>(storedUser);
  // A refreshed token with the same user changes nothing on screen: only a different user renders again.
  useEffect(
    () =>
      onSessionChange(() => {
        const next = storedUser();
        setUser((u) => (JSON.stringify(u) === JSON.stringify(next) ? u : next));
      }),
    [],
  );

  const reload = useCallback(async () => {
    if (!storedUser()) return;
    try {
      const me = await api<TUser>('/api/user');
      updateUser(me);
    } catch (e) {
      // Part 3 §2.1: if fetching the current user fails the user is cleared, unless we are simply offline.
      if (e instanceof ApiError && e.status === 401) setSession(null, null);
    }
  }, []);

  // After the first screen is up: it shows the device's own data, and the check is a network call.
  useEffect(() => whenIdle(() => void reload()), [reload]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      actor: user
        ? {
            id: user.id,
            company_id: user.company_id,
            is_provider: user.is_provider,
            is_admin: user.is_admin,
            is_lawyer: user.is_lawyer,
            is_student: user.is_student,
            is_client: user.is_client,
          }
        : null,
      login: doLogin,
      logout: doLogout,
      reload,
    }),
    [user, reload],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useAuth(): AuthState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useAuth outside AuthProvider');
  return v;
}
