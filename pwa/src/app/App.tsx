import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../auth/AuthContext.tsx';
import { SettingsProvider } from '../settings/useSettings.tsx';
import { SyncProvider } from '../sync/SyncProvider.tsx';
import { Header } from '../ui/Header.tsx';
import { NotFoundScreen } from '../ui/NotFoundScreen.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { UpdatePrompt } from '../ui/UpdatePrompt.tsx';
import { ResumeSaveReports } from '../ui/useSaveReport.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { ROUTES } from './routes.tsx';

function Shell() {
  const loc = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [loc.pathname]);
  // The login screen has no site header (part 1 §2).
  const showHeader = loc.pathname !== '/login';
  return (
    <>
      {showHeader && <Header />}
      <main id="main" className="main">
        <Suspense fallback={<p role="status">Loading....</p>}>
          <Routes>
            {ROUTES.map((r) => (
              <Route
                key={r.path}
                path={r.path}
                element={
                  r.access === 'auth' ? (
                    <RequireAuth carryRedirect={r.path.includes(':')}>{r.element}</RequireAuth>
                  ) : r.access === 'guest' ? (
                    <GuestOnly>{r.element}</GuestOnly>
                  ) : (
                    r.element
                  )
                }
              />
            ))}
            <Route path="/404" element={<NotFoundScreen />} />
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Routes>
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
