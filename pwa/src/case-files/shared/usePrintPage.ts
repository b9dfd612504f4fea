import { useEffect } from 'react';

/**
 * Marks the document as a print view while the screen is shown, so the stylesheet can leave the site header
 * and the sync badge off the paper (App renders the header on every route; a print view should not carry it).
 */
export function usePrintPage(): void {
  useEffect(() => {
    document.body.classList.add('print-view');
    return () => document.body.classList.remove('print-view');
  }, []);
}
