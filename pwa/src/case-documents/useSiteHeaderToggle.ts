import { useEffect, useState } from 'react';

export const HEADER_HIDDEN_CLASS = 'site-header-hidden';

/**
 * Document viewers hide the site header by default (part 1 §2), leaving the screen to the pages; a body class
 * does it so the shared Header needs no knowledge of viewers. Leaving the viewer always brings it back.
 */
export function useSiteHeaderToggle(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    document.body.classList.toggle(HEADER_HIDDEN_CLASS, !shown);
    return () => document.body.classList.remove(HEADER_HIDDEN_CLASS);
  }, [shown]);
  return [shown, setShown];
}
