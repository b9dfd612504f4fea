import { lazy } from 'react';
import type { AppRoute } from '../../shell/appRoute.ts';

const screens = () => import('./StandardIndexScreen.tsx');
const StandardIndexScreen = lazy(async () => ({ default: (await screens()).StandardIndexScreen }));
const StandardIndexDetailsScreen = lazy(async () => ({
  default: (await screens()).StandardIndexDetailsScreen,
}));
const AnnexuresScreen = lazy(async () => ({
  default: (await import('./AnnexuresScreen.tsx')).AnnexuresScreen,
}));

/** The standard index lists and their viewer (part 2 §2.3), and the case annexure screen (part 3 §2.11). */
export const STANDARD_INDEX_ROUTES: AppRoute[] = [
  { path: '/standard-index/:petition_id/:module_type', access: 'auth', element: <StandardIndexScreen /> },
  {
    path: '/standard-index-details/:module_id/:module_type',
    access: 'auth',
    element: <StandardIndexDetailsScreen />,
  },
  { path: '/all-indexes-details/:petition_id', access: 'auth', element: <AnnexuresScreen /> },
];
