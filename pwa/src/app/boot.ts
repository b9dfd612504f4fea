import { config } from 'zod/v4/core';
import { storedUser } from '../auth/session.ts';
import { preloadRoute } from './route-preloads.ts';

// The first module the app runs (main.tsx imports it before anything else).
//
// zod compiles object parsers with `new Function` unless told not to, and probes for it when a schema is
// built: the page's CSP (script-src 'self', no 'unsafe-eval') refuses it, and even the caught probe is
// reported as a CSP violation. Off before any schema exists: zod is only in chunks loaded after this ran.
config({ jitless: true });

// A signed-in start: the screen asked for starts its query while the browser still evaluates React and the
// shell (see route-preloads.ts); main.tsx waits for `routeData` before the first render. The sync chunk
// (Dexie, the engine) is not needed for that first answer: SyncProvider loads it.
const user = storedUser();
export const routeData = user ? preloadRoute(window.location.pathname, user.id) : null;
