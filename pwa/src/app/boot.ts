import './zodJitless.ts';
import { storedUser } from '../auth/session.ts';
import { preloadRoute } from './route-preloads.ts';

// The first module the app runs (main.tsx imports it before anything else).
//
// zod's code generation is switched off first of all (zodJitless.ts).

// A signed-in start: the screen asked for starts its query while the browser still evaluates React and the
// shell (see route-preloads.ts); main.tsx waits for `routeData` before the first render. The sync chunk
// (Dexie, the engine) is not needed for that first answer: SyncProvider loads it.
const user = storedUser();
export const routeData = user ? preloadRoute(window.location.pathname, user.id) : null;
