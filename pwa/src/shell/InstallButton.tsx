import { useState } from 'react';
import { Modal } from '../feedback/Modal.tsx';
import { promptInstall, useInstallWay } from './installPrompt.ts';

/**
 * "Install app" in the main menu: the browser's own prompt where it offers one, and on iPhone and iPad (where
 * Safari never offers it) the two taps that add the app to the home screen.
 */
export function InstallButton() {
  const installWay = useInstallWay();
  const [help, setHelp] = useState(false);
  if (!installWay) return null;
  return (
    <>
      <button
        type="button"
        className="nav-button"
        onClick={() => (installWay === 'prompt' ? void promptInstall() : setHelp(true))}
      >
        Install app
      </button>
      {installWay === 'ios' && (
        <Modal open={help} title="Install eLawFirm" onClose={() => setHelp(false)}>
          <p>
            In Safari, tap the Share button (a square with an arrow pointing up), then{' '}
            <strong>Add to Home Screen</strong>. The app then opens from your home screen, also with no
            network.
          </p>
        </Modal>
      )}
    </>
  );
}
