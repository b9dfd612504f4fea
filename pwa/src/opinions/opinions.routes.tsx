import { lazy } from 'react';
import type { AppRoute } from '../shell/appRoute.ts';

const OpinionsScreen = lazy(() => import('./OpinionsScreen.tsx'));

/** Opinions (part 3 §2.6), a chunk of its own; listed before billing's screens as it always was. */
export const OPINION_ROUTES: AppRoute[] = [
  { path: '/opinions', access: 'auth', element: <OpinionsScreen /> },
];
