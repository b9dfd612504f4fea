import type { TDatedModule } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import type { TPageKind } from '@lawfirm/shared-types/library/page-kinds.ts';
import { loadPetitionPage } from '../case-files/page/petitionPage.data.ts';
import { loadDatedIndex } from '../case-documents/dated/datedIndex.data.ts';
import { loadPageList } from '../library/pageList.data.ts';
import { openRawRead } from '../sync/raw-read.ts';
import type { TRead } from '../sync/read.ts';
import { mark } from '../browser/marks.ts';

/**
 * The queries the app's cold start runs for the screen it starts on (route-preloads.ts), in a chunk of their own
 * loaded beside the screen's on those routes only: on every other start (the dashboard) the app's first
 * JavaScript carries none of them.
 */
export const casePage = (userId: string, id: string) =>
  readOnce(userId, (read) => loadPetitionPage(read, id));

export const datedIndex = (userId: string, m: TDatedModule, petitionId: string) =>
  readOnce(userId, (read) => loadDatedIndex(read, m, petitionId));

export const pageList = (userId: string, kind: TPageKind) =>
  readOnce(userId, (read) => loadPageList(read, kind, 1));

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
