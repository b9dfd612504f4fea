import type { ReactElement } from 'react';
import type { TRowOf } from '@lawfirm/shared-types';
import type { holidaysDecl } from '@lawfirm/shared-types/limitation/limitation.entities.ts';
import { recordRoutes } from '../shell/recordRoutes.tsx';
import { lazyScreen } from '../shell/lazyScreen.tsx';

type TRoute = { path: string; access: 'public' | 'auth'; element: ReactElement };
type THolidayRow = TRowOf<typeof holidaysDecl>;

// Each screen its own chunk, preloaded when the app starts on its route (shell/lazyScreen.tsx).
const LimitationCalculatorScreen = lazyScreen(
  () => import('./LimitationCalculatorScreen.tsx'),
  'LimitationCalculatorScreen',
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

/** The limitation calculator (part 3 §2.15): open to anyone, offline after one visit. */
export const LIMITATION_PUBLIC_ROUTES: TRoute[] = [
  {
    path: '/limitation-calculator',
    access: 'public',
    element: <LimitationCalculatorScreen />,
  },
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
