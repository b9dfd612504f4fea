import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../feedback/Modal.tsx';

export const MSG_DISCARD = 'Discard what you typed?';
export const MSG_DISCARD_DETAIL = 'It has not been saved.';
export const DISCARD = 'Discard';
export const KEEP_EDITING = 'Keep editing';

/** A link the app would follow in this tab (not a new tab, a download or another site). */
function appLinkOf(e: MouseEvent): URL | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(a instanceof HTMLAnchorElement)) return null;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return null;
  const url = new URL(a.href);
  if (url.origin !== location.origin) return null;
  if (url.pathname === location.pathname && url.search === location.search) return null;
  return url;
}

/**
 * Nothing a user typed is thrown away without asking (issue "What a lawyer hits first", item 1): the one
 * guard of every dialog, inline editor and form that can be closed or left with unsaved input.
 *
 * `leave(go)` runs `go` (close the dialog, cancel the edit) at once when nothing is unsaved, and otherwise asks
 * 'Discard what you typed?' first (Discard, or Keep editing). While `dirty`, leaving the page is asked too: a
 * link of the app (a form's Back, the menu) the same way, and a reload or closing the tab by the browser's own
 * question. Render `dialog` once, next to what it guards.
 */
export function useDiscardGuard(dirty: boolean) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState<{ go: () => void } | null>(null);
  const leave = useCallback(
    (go: () => void) => {
      if (dirty) setAsking({ go });
      else go();
    },
    [dirty],
  );
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  });

  useEffect(() => {
    if (!dirty) return;
    // Capturing on the document runs before the app's own handlers (React listens lower, on its root).
    const onClick = (e: MouseEvent) => {
      const url = appLinkOf(e);
      if (!url) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      leaveRef.current(() => void navigate(url.pathname + url.search + url.hash));
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show their question only when this is set.
      e.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty, navigate]);

  // Drawn only while asking: a list of case cards has a guard per card.
  const dialog = asking && (
    <ConfirmDialog
      open
      message={MSG_DISCARD}
      detail={MSG_DISCARD_DETAIL}
      confirmLabel={DISCARD}
      cancelLabel={KEEP_EDITING}
      onConfirm={() => {
        setAsking(null);
        asking.go();
      }}
      onCancel={() => setAsking(null)}
    />
  );
  return { leave, dialog };
}
