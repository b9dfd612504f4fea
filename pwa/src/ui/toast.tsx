import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from './api.ts';

type Toast = { id: number; kind: 'success' | 'error' | 'info'; title: string; text?: string };
type ToastApi = {
  success: (title: string, text?: string) => void;
  error: (title: string, text?: string) => void;
  info: (title: string, text?: string) => void;
  /** The spec's failure notice: title 'Something went wrong!' with the server's message. */
  failed: (e: unknown, title?: string) => void;
};

const Ctx = createContext<ToastApi | null>(null);
let seq = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const push = useCallback((t: Omit<Toast, 'id'>) => {
    const id = ++seq;
    setToasts((list) => [...list, { ...t, id }]);
    setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), 5000);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (title, text) => push({ kind: 'success', title, text }),
      error: (title, text) => push({ kind: 'error', title, text }),
      info: (title, text) => push({ kind: 'info', title, text }),
      failed: (e, title = 'Something went wrong!') =>
        push({
          kind: 'error',
          title,
          text: e instanceof ApiError || e instanceof Error ? e.message : String(e),
        }),
    }),
    [push],
  );
  return (
    <Ctx.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
            <strong>{t.title}</strong>
            {t.text && <div>{t.text}</div>}
          </div>
        ))}
      </div>
    </Ctx.Provider>
  );
}

export function useToast(): ToastApi {
  const v = useContext(Ctx);
  if (!v) throw new Error('useToast outside ToastProvider');
  return v;
}
