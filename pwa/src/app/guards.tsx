import type { ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';

/** Signed-out visitors go to /login carrying where they wanted to go (part 3 §2.1). */
export function RequireAuth({ children }: { children: ReactElement }) {
  const { user } = useAuth();
  const loc = useLocation();
  if (!user)
    return <Navigate to={`/login?redirect=${encodeURIComponent(loc.pathname + loc.search)}`} replace />;
  return children;
}

/** /login and / send a signed-in user to the dashboard. */
export function GuestOnly({ children }: { children: ReactElement }) {
  const { user } = useAuth();
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}
