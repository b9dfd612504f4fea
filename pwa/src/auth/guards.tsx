import type { ReactElement } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from './AuthContext.tsx';

/** Only same-site paths: an open redirect to another site after login would be a phishing aid. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/dashboard';
  return value;
}

/**
 * Signed-out visitors go to /login. Routes with an id parameter carry the original path in `redirect`
 * (part 3 §2.1), so a shared link to a case file opens it after login.
 */
export function RequireAuth({ children, carryRedirect }: { children: ReactElement; carryRedirect: boolean }) {
  const { user } = useAuth();
  const loc = useLocation();
  if (!user) {
    const to = carryRedirect ? `/login?redirect=${encodeURIComponent(loc.pathname + loc.search)}` : '/login';
    return <Navigate to={to} replace />;
  }
  return children;
}

/** /login and / send a signed-in user on: to the `redirect` target when there is one, else the dashboard. */
export function GuestOnly({ children }: { children: ReactElement }) {
  const { user } = useAuth();
  const [params] = useSearchParams();
  if (user) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return children;
}
