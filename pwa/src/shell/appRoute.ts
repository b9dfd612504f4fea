import type { ReactElement } from 'react';

/**
 * One route of the app; features hand lists of these to app/routes.tsx. access: 'public' anyone; 'guest'
 * signed-out only (/, /login redirect to /dashboard when signed in); 'auth' needs a signed-in user (part 3
 * §2.1–2.2).
 */
export type AppRoute = {
  path: string;
  access: 'public' | 'guest' | 'auth';
  element: ReactElement;
  title?: string;
};
