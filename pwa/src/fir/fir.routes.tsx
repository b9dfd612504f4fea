import type { ReactElement } from 'react';
import { lazyScreen } from '../shell/lazyScreen.tsx';

type TRoute = { path: string; access: 'public' | 'auth'; element: ReactElement };

// Each screen its own chunk, preloaded when the app starts on its route (shell/lazyScreen.tsx).
const FirReaderScreen = lazyScreen(() => import('./FirReaderScreen.tsx'), 'FirReaderScreen');
const FirResultScreen = lazyScreen(() => import('./FirResultScreen.tsx'), 'FirResultScreen');
// (Its module exports other functions; the screen takes no props.)
const FirSectionsScreen = lazyScreen<'FirSectionsScreen', object>(
  () => import('./FirSectionsScreen.tsx'),
  'FirSectionsScreen',
);
const FirSectionFormScreen = lazyScreen(() => import('./FirSectionFormScreen.tsx'), 'FirSectionFormScreen');

/** The FIR reader (part 3 §2.16): open to anyone, offline after one visit. */
export const FIR_PUBLIC_ROUTES: TRoute[] = [
  {
    path: '/fir-reader',
    access: 'public',
    element: <FirReaderScreen />,
  },
  {
    path: '/fir-reader-result',
    access: 'public',
    element: <FirResultScreen />,
  },
];

/** FIR sections for signed-in members (part 3 §2.17): the list, and the form for admins. */
export const FIR_SECTION_ROUTES: TRoute[] = [
  {
    path: '/fir-sections',
    access: 'auth',
    element: <FirSectionsScreen />,
  },
  ...['/fir-section/create', '/fir-section/edit/:fir_section_id'].map((path): TRoute => ({
    path,
    access: 'auth',
    element: <FirSectionFormScreen />,
  })),
];
