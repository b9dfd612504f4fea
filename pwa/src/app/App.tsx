import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AuthProvider, useAuth } from '../auth/AuthContext.tsx';
import { SettingsProvider } from '../shell/useSettings.tsx';
import { SyncProvider } from '../shell/SyncProvider.tsx';
import { Header } from '../shell/Header.tsx';
import { NotFoundScreen } from '../shell/NotFoundScreen.tsx';
import { ToastProvider } from '../feedback/toast.tsx';
import { UpdatePrompt } from '../shell/UpdatePrompt.tsx';
import { ResumeSaveReports } from '../feedback/ResumeSaveReports.tsx';
import { GuestOnly, RequireAuth } from '../auth/guards.tsx';
import { ROUTES } from './routes.tsx';
import { whenSettled } from '../browser/whenIdle.ts';

/**
 * The route table as react-router's route objects, made once, and grouped by their first path segment (every
 * path starts with a fixed one): react-router ranks and matches only the few routes that can match, not all
 * hundred of them on every navigation. The 404 route closes every group.
 */
const ROUTE_OBJECTS: RouteObject[] = [
  ...ROUTES.map((r) => ({
    path: r.path,
    element:
      r.access === 'auth' ? (
        <RequireAuth carryRedirect={r.path.includes(':')}>{r.element}</RequireAuth>
      ) : r.access === 'guest' ? (
        <GuestOnly>{r.element}</GuestOnly>
      ) : (
        r.element
      ),
  })),
  { path: '/404', element: <NotFoundScreen /> },
];
const NOT_FOUND: RouteObject = { path: '*', element: <Navigate to="/404" replace /> };
const firstSegment = (path: string): string => (path.split('/')[1] ?? '').toLowerCase();
const BY_FIRST_SEGMENT = new Map<string, RouteObject[]>();
for (const r of ROUTE_OBJECTS) {
  const key = firstSegment(r.path!);
  BY_FIRST_SEGMENT.set(key, [...(BY_FIRST_SEGMENT.get(key) ?? []), r]);
}
for (const group of BY_FIRST_SEGMENT.values()) group.push(NOT_FOUND);
const ONLY_NOT_FOUND = [NOT_FOUND];
// The evening reminder of tomorrow's hearings (issue 34): its own chunk, loaded once someone is signed in and
// the screen has started (its prompt waits for tomorrow's hearings to be read anyway), so a phone's first
// JavaScript on the dashboard carries none of it.
const HearingReminders = lazy(async () => ({
  default: (await import('../reminders/HearingReminders.tsx')).HearingReminders,
}));

/** True once the page has settled after it started (browser/whenIdle.ts whenSettled). */
function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenSettled(() => setSettled(true)), []);
  return settled;
}

function AppRoutes() {
  const { pathname } = useLocation();
  return useRoutes(BY_FIRST_SEGMENT.get(firstSegment(pathname)) ?? ONLY_NOT_FOUND);
}

function Shell() {
  const loc = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [loc.pathname]);
  // The login screen has no site header (part 1 §2).
  const showHeader = loc.pathname !== '/login';
  const signedIn = !!useAuth().user;
  const settled = useSettled();
  return (
    <>
      {showHeader && <Header />}
      <main id="main" className="main">
        {/* Above the screen: on the dashboard it may ask, once, for notifications. */}
        <Suspense fallback={null}>{signedIn && settled && <HearingReminders />}</Suspense>
        <Suspense fallback={<p role="status">Loading....</p>}>
          <AppRoutes />
        </Suspense>
      </main>
      <UpdatePrompt />
    </>
  );
}

export function App() {
  return (
    <ToastProvider>
      <AuthProvider>
        <SyncProvider>
          <SettingsProvider>
            <ResumeSaveReports />
            <Shell />
          </SettingsProvider>
        </SyncProvider>
      </AuthProvider>
    </ToastProvider>
  );
}
