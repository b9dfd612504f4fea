import { routeData } from './app/boot.ts';
import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { mark } from './browser/marks.ts';
import { preloadScreen } from './app/routes.tsx';
import { storedUser } from './auth/session.ts';
import './shell/styles.css';
import './shell/fonts.css';
import './shell/touch.css';

const FIRST_RENDER_WAIT_MS = 500;

mark('main');

/**
 * A case page the service worker served with its snapshot (browser/snapshots.ts) holds it inert, a picture: React's
 * first commit replaces it, and from then on the screen takes taps.
 */
function SnapshotReplaced() {
  useLayoutEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);
  return null;
}

const render = () => {
  mark('render');
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
        <SnapshotReplaced />
      </BrowserRouter>
    </StrictMode>
  );
  // In slices (a transition), between which the browser answers taps and scrolls, instead of one long task:
  // the first screen of a signed-in page (its shell and a list) was 60-70 ms of script in one task on this
  // machine, four times that on a phone. A prerendered page stays on screen until React takes it over.
  startTransition(() => root.render(app));
};

// The first render is the screen asked for, whole: its chunk (and its data, when boot.ts started a query)
// first, rather than a "Loading...." to be redrawn. Never more than a moment: a slow one renders as it comes.
// A prerendered page (the public ones) is on screen meanwhile; React then takes it over in one render, not a
// "Loading...." (a layout shift, and a chunk loaded during the render) and then the screen.
const screen = preloadScreen(window.location.pathname, storedUser() !== null);
if (screen || routeData)
  void Promise.race([
    Promise.all([screen, routeData]).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]).then(render);
else render();
