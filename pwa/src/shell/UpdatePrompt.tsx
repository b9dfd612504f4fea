import { useEffect, useState } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { whenSettled } from '../browser/whenIdle.ts';

/**
 * Runs `fn` once the page has loaded and then settled (no long task for a while, then an idle moment): on a
 * first visit the registration starts the download of the whole app for offline use, which must not compete
 * with the page the user is reading.
 */
function afterLoad(fn: () => void): () => void {
  let cancel = () => undefined as void;
  const run = () => {
    cancel = whenSettled(fn);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancel();
    window.removeEventListener('load', run);
  };
}

let registered: ((reloadPage?: boolean) => Promise<void>) | null = null;

/**
 * Registers the service worker once the page has loaded, not during its first render: workbox-window's chunk,
 * the registration and the browser's check for a new sw.js wait until the screen is on and its chunks are in.
 * The service worker of an earlier visit serves the page meanwhile. Returns whether a new version waits and
 * the call that switches to it.
 */
function useServiceWorker(): {
  needRefresh: boolean;
  dismiss: () => void;
  update: () => Promise<void>;
} {
  const [needRefresh, setNeedRefresh] = useState(false);
  const [update, setUpdate] = useState<(() => Promise<void>) | null>(null);
  useEffect(
    () =>
      afterLoad(() => {
        // Once per page (React's development mode runs effects twice).
        const updateSW = (registered ??= registerSW({ onNeedRefresh: () => setNeedRefresh(true) }));
        setUpdate(() => () => updateSW(true));
      }),
    [],
  );
  return { needRefresh, dismiss: () => setNeedRefresh(false), update: update ?? (async () => undefined) };
}

/**
 * registerType 'prompt': a new version waits until the user chooses to reload, so a half-filled form is
 * never lost to an automatic reload.
 */
export function UpdatePrompt() {
  const { needRefresh, dismiss, update } = useServiceWorker();
  // Room below the page, so the banner never covers its last lines.
  useEffect(() => {
    if (!needRefresh) return;
    document.documentElement.classList.add('has-update-banner');
    return () => document.documentElement.classList.remove('has-update-banner');
  }, [needRefresh]);
  if (!needRefresh) return null;
  return (
    <div className="update-banner" role="status">
      <span>A new version of the app is available.</span>
      <div className="update-banner-actions">
        <button type="button" className="btn accent" onClick={() => void update()}>
          Reload
        </button>
        <button type="button" className="link" onClick={dismiss}>
          Later
        </button>
      </div>
    </div>
  );
}
