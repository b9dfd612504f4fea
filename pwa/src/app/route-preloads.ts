import { DATED_MODULES } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { loadPetitionPage, petitionPageKey } from '../case-files/page/petitionPage.data.ts';
import { datedIndexKey, loadDatedIndex } from '../case-documents/dated/datedIndex.data.ts';
import { PAGE_KINDS } from '@lawfirm/shared-types/library/page-kinds.ts';
import { loadPageList, pageListKey } from '../library/pageList.data.ts';
import { openRawRead } from '../sync/raw-read.ts';
import type { TRead } from '../sync/read.ts';
import { mark } from '../browser/marks.ts';
import { preload } from '../sync/preload.ts';
import { PWA_SPEED } from '../browser/speed.ts';

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
        import('./casePage.slots.tsx'),
        preload(petitionPageKey(userId, id), () => readOnce(userId, (read) => loadPetitionPage(read, id))),
      ]),
  },
  // A dated module's index (issue 12): its items, types, case file and files, in one query.
  ...DATED_MODULES.map((m) => ({
    path: new RegExp(`^/petition-${m.slug}-index/([^/]+)(?:/[^/]+)?$`),
    run: (userId: string, petitionId: string) =>
      Promise.all([
        import('../case-documents/dated/DatedIndexScreen.tsx'),
        preload(datedIndexKey(userId, m, petitionId), () =>
          readOnce(userId, (read) => loadDatedIndex(read, m, petitionId)),
        ),
      ]),
  })),
  // A library list (issue 14): its first page in title order, and how many pages there are.
  ...PAGE_KINDS.map((kind) => ({
    path: new RegExp(`^${kind.routes.list}()$`),
    run: (userId: string) =>
      Promise.all([
        import('../library/PageList.tsx'),
        preload(pageListKey(userId, kind), () => readOnce(userId, (read) => loadPageList(read, kind, 1))),
      ]),
  })),
];

/** One query of a user's database with plain IndexedDB (raw-read.ts), marking when it opened and answered. */
async function readOnce<T>(userId: string, query: (read: TRead) => Promise<T>): Promise<T> {
  const db = await openRawRead(`lf-${userId}`);
  mark('db-open');
  try {
    const answer = await query(db.read);
    mark('query');
    return answer;
  } finally {
    db.close();
  }
}

/**
 * Starts the screen's chunk and the query of the route the app starts on: settles when both have come (a
 * failed query settles too: the screen then reads as usual), or null for no such route. Switch:
 * SPEED_ROUTE_PRELOADS=0 at build time (browser/speed.ts): null always, and every screen reads through Dexie.
 */
export function preloadRoute(pathname: string, userId: string): Promise<unknown> | null {
  if (!PWA_SPEED.routePreloads) return null;
  for (const r of ROUTE_PRELOADS) {
    const m = r.path.exec(pathname);
    if (m) return r.run(userId, decodeURIComponent(m[1] ?? ''));
  }
  return null;
}
