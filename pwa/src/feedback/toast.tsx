import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../http/client.ts';

/** A button inside a notice (Undo). */
export type TToastAction = { label: string; onClick: () => void };
type TToastKind = 'success' | 'error' | 'info';
type Toast = { id: number; kind: TToastKind; title: string; text?: string; action?: TToastAction };
export type TToastOptions = { text?: string; action?: TToastAction; ms?: number };
export type ToastApi = {
  success: (title: string, text?: string) => void;
  error: (title: string, text?: string) => void;
  info: (title: string, text?: string) => void;
  /** Any notice; answers its id for `dismiss`. */
  show: (kind: TToastKind, title: string, options?: TToastOptions) => number;
  dismiss: (id: number) => void;
  /** The spec's failure notice: title 'Something went wrong!' with the server's message. */
  failed: (e: unknown, title?: string) => void;
};

const Ctx = createContext<ToastApi | null>(null);
let seq = 0;
/** How long a notice stays: errors longer, they may need reading twice. */
const SHOWN_MS: Record<TToastKind, number> = { success: 5000, info: 6000, error: 10000 };
/** A phone's screen holds this many notices at most: the oldest go first, one offering Undo last. */
const MAX_SHOWN = 3;
function capped(list: Toast[]): Toast[] {
  const out = [...list];
  while (out.length > MAX_SHOWN) {
    const i = out.findIndex((t) => !t.action);
    out.splice(i < 0 ? 0 : i, 1);
  }
  return out;
}
/** The same words already on screen (ten changes sent at once) are not shown again. */
const same = (a: Omit<Toast, 'id'>, b: Omit<Toast, 'id'>) =>
  !a.action && !b.action && a.kind === b.kind && a.title === b.title && a.text === b.text;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (kind: TToastKind, title: string, o: TToastOptions = {}) => {
      const id = ++seq;
      const toast = { id, kind, title, text: o.text, action: o.action };
      setToasts((list) => capped([...list.filter((t) => !same(t, toast)), toast]));
      setTimeout(() => dismiss(id), o.ms ?? SHOWN_MS[kind]);
      return id;
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({
      success: (title, text) => void show('success', title, { text }),
      error: (title, text) => void show('error', title, { text }),
      info: (title, text) => void show('info', title, { text }),
      show,
      dismiss,
      failed: (e, title = 'Something went wrong!') =>
        void show('error', title, {
          text: e instanceof ApiError || e instanceof Error ? e.message : String(e),
        }),
    }),
    [show, dismiss],
  );
  return (
    <Ctx.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
            <div className="toast-words">
              <strong>{t.title}</strong>
              {t.text && <div>{t.text}</div>}
            </div>
            {t.action && (
              <button
                type="button"
                className="btn toast-action"
                onClick={() => {
                  dismiss(t.id);
                  t.action!.onClick();
                }}
              >
                {t.action.label}
              </button>
            )}
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
