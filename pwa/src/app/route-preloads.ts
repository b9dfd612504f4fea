import { loadPetitionPage } from '../case-files/page/petitionPage.data.ts';
import { openRawRead } from '../sync/raw-read.ts';
import { mark } from './marks.ts';
import { preload } from './preload.ts';

/** The key of a case page's query: one user's device, one case (useCaseFiles.ts usePetitionPage). */
export const petitionPageKey = (userId: string, id: string): string => `petition-page:${userId}:${id}`;

/**
 * Screens whose first paint is the device's own data: opened cold (a reload, a link, the installed app), the
 * app starts their chunk and their query as it boots, while the browser still evaluates React and the shell,
 * instead of after its first render. The query reads with plain IndexedDB (raw-read.ts): the first answer
 * needs neither Dexie nor the sync chunk. Paths as in routes.tsx.
 */
const ROUTE_PRELOADS: { path: RegExp; run: (userId: string, param: string) => Promise<unknown> }[] = [
  {
    path: /^\/petitions\/(?!create$)([^/]+)$/,
    run: (userId, id) =>
      Promise.all([
        import('../case-files/page/PetitionScreen.tsx'),
        preload(petitionPageKey(userId, id), async () => {
          const db = await openRawRead(`lf-${userId}`);
          mark('db-open');
          try {
            const page = await loadPetitionPage(db.read, id);
            mark('query');
            return page;
          } finally {
            db.close();
          }
        }),
      ]),
  },
];

/**
 * Starts the screen's chunk and the query of the route the app starts on: settles when both have come (a
 * failed query settles too: the screen then reads as usual), or null for no such route.
 */
export function preloadRoute(pathname: string, userId: string): Promise<unknown> | null {
  for (const r of ROUTE_PRELOADS) {
    const m = r.path.exec(pathname);
    if (m) return r.run(userId, decodeURIComponent(m[1] ?? ''));
  }
  return null;
}
