import type { ReactElement } from 'react';
import type { TRowOf } from '@lawfirm/shared-types';
import type { holidaysDecl } from '@lawfirm/shared-types/limitation/limitation.entities.ts';
import { recordRoutes } from '../ui/recordRoutes.tsx';
import { lazyScreen } from '../shell/lazyScreen.tsx';

type TRoute = { path: string; access: 'public' | 'auth'; element: ReactElement };
type THolidayRow = TRowOf<typeof holidaysDecl>;

// Each screen its own chunk, preloaded when the app starts on its route (app/lazyScreen.tsx).
const LimitationCalculatorScreen = lazyScreen(
  () => import('./LimitationCalculatorScreen.tsx'),
  'LimitationCalculatorScreen',
);
const FirReaderScreen = lazyScreen(() => import('../fir/FirReaderScreen.tsx'), 'FirReaderScreen');
const FirResultScreen = lazyScreen(() => import('../fir/FirResultScreen.tsx'), 'FirResultScreen');
// (Its module exports other functions; the screen takes no props.)
const FirSectionsScreen = lazyScreen<'FirSectionsScreen', object>(
  () => import('../fir/FirSectionsScreen.tsx'),
  'FirSectionsScreen',
);
const FirSectionFormScreen = lazyScreen(
  () => import('../fir/FirSectionFormScreen.tsx'),
  'FirSectionFormScreen',
);
const LimitationCasesScreen = lazyScreen(
  () => import('./LimitationCasesScreen.tsx'),
  'LimitationCasesScreen',
);
const LimitationQuestionsScreen = lazyScreen(
  () => import('./LimitationQuestionsScreen.tsx'),
  'LimitationQuestionsScreen',
);
const LimitationQuestionFormScreen = lazyScreen(
  () => import('./LimitationQuestionFormScreen.tsx'),
  'LimitationQuestionFormScreen',
);
const MeetingScreen = lazyScreen(() => import('../meeting/MeetingScreen.tsx'), 'MeetingScreen');

/** Court holidays an admin adds per year (Eid and other gazetted days); the calculator moves past them. */
export const HOLIDAY_ROUTES = recordRoutes<THolidayRow>(
  {
    list: { path: '/limitation-holidays', title: 'Holidays' },
    create: { path: '/limitation-holidays/create', title: 'Add Holiday', button: 'Add Holiday' },
    edit: { path: '/limitation-holidays/edit/:holiday_id', param: 'holiday_id', title: 'Edit Holiday' },
  },
  async () => (await import('./holidays.module.tsx')).HOLIDAYS,
);

/** The public tools (part 3 §2.15, §2.16): open to anyone, offline after one visit. */
export const PUBLIC_TOOLS_ROUTES: TRoute[] = [
  {
    path: '/limitation-calculator',
    access: 'public',
    element: <LimitationCalculatorScreen />,
  },
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
  ...HOLIDAY_ROUTES,
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

/** The calculator's administration (part 3 §2.15): case kinds, questions, and a question with its answers. */
export const LIMITATION_ADMIN_ROUTES: TRoute[] = [
  {
    path: '/limitation-calculator-index',
    access: 'auth',
    element: <LimitationCasesScreen />,
  },
  {
    path: '/limitation-calculator-case-question',
    access: 'auth',
    element: <LimitationQuestionsScreen />,
  },
  ...[
    '/limitation-calculator-questions-answers/create',
    '/limitation-calculator-questions-answers/edit/:question_id',
  ].map((path): TRoute => ({
    path,
    access: 'auth',
    element: <LimitationQuestionFormScreen />,
  })),
];

/** The online meeting room (part 3 §2.14). */
export const MEETING_ROUTES: TRoute[] = [
  {
    path: '/online-meeting',
    access: 'auth',
    element: <MeetingScreen />,
  },
];
