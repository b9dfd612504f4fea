import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
type TInstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/**
 * How this browser can install the app: 'prompt' when Chromium offered its install prompt
 * (`beforeinstallprompt`), 'ios' on iPhone and iPad (no such event: the user adds it from the Share menu),
 * null when it is already installed or the browser offers no way.
 */
export type TInstallWay = 'prompt' | 'ios' | null;

let deferred: TInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

// Asked once per page (a page never changes its display mode): the hook's snapshot is read on every render
// of the header, and each matchMedia call makes a new query list to evaluate.
let standaloneAnswer: boolean | null = null;
const standalone = () =>
  (standaloneAnswer ??=
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as { standalone?: boolean }).standalone === true);

// iPadOS reports itself as a Mac; a touch screen tells them apart.
const ios = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

if (typeof window !== 'undefined') {
  // Registered when the shell loads: the event fires once, early, and only a kept event can be prompted later.
  window.addEventListener('beforeinstallprompt', (e) => {
    // Our own button replaces the browser's mini-infobar.
    e.preventDefault();
    deferred = e as TInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

function way(): TInstallWay {
  if (deferred) return 'prompt';
  if (standalone()) return null;
  return ios() ? 'ios' : null;
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => void listeners.delete(onChange);
};

export function useInstallWay(): TInstallWay {
  return useSyncExternalStore(subscribe, way, () => null);
}

/** Shows the browser's install prompt; the event can be used once, so the button goes whatever the answer. */
export async function promptInstall(): Promise<void> {
  const e = deferred;
  if (!e) return;
  deferred = null;
  changed();
  await e.prompt();
  await e.userChoice;
}
