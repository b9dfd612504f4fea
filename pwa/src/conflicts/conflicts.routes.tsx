import type { AppRoute } from '../shell/appRoute.ts';
import { lazyScreen } from '../shell/lazyScreen.tsx';

const ConflictCheckScreen = lazyScreen(() => import('./ConflictCheckScreen.tsx'), 'ConflictCheckScreen');

/** The conflict check (issue 34), a chunk of its own. */
export const CONFLICT_CHECK_ROUTES: AppRoute[] = [
  { path: '/conflict-check', access: 'auth', element: <ConflictCheckScreen /> },
];
