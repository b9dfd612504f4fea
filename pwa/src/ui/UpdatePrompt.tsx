import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * registerType 'prompt': a new version waits until the user chooses to reload, so a half-filled form is
 * never lost to an automatic reload.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
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
        <button type="button" className="btn accent" onClick={() => void updateServiceWorker(true)}>
          Reload
        </button>
        <button type="button" className="link" onClick={() => setNeedRefresh(false)}>
          Later
        </button>
      </div>
    </div>
  );
}
