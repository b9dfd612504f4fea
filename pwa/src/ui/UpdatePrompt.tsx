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
  if (!needRefresh) return null;
  return (
    <div className="update-banner" role="status">
      <span>A new version of the app is available.</span>
      <button type="button" onClick={() => void updateServiceWorker(true)}>
        Reload
      </button>
      <button type="button" className="link" onClick={() => setNeedRefresh(false)}>
        Later
      </button>
    </div>
  );
}
