import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * What react-router's Link does on a click, for plain <a href> links of long lists: one handler for the whole
 * list instead of a Link (and its hooks) per row. A plain left click moves within the app; a click with a
 * modifier key, another button or a target is left to the browser (new tab, new window, download).
 */
export function useFollowLink(): (e: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (e: MouseEvent<HTMLAnchorElement>) => {
      const a = e.currentTarget;
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      if (a.target && a.target !== '_self') return;
      e.preventDefault();
      void navigate(a.getAttribute('href') ?? '/');
    },
    [navigate],
  );
}
