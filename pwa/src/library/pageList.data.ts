import type { TPageKind } from '@lawfirm/shared-types/library/page-kinds.ts';
import type { TRead } from '../sync/read.ts';
import type { TPage } from './pageCommon.tsx';

/** Pages of a library list shown at once: a firm's library runs to thousands. */
export const PAGE_SIZE = 50;

export type TPageListPage = { kind: string; pageNo: number; count: number; rows: TPage[] };

/** The key of a list's first page as the app preloads it on a cold start (app/route-preloads.ts). */
export const pageListKey = (userId: string, kind: TPageKind): string => `page-list:${userId}:${kind.name}`;

/**
 * One page of a library list with no filter: the kind's pages in title order from its index, and how many
 * there are, in one read. The list's live query (through Dexie) and a cold start's first read (plain
 * IndexedDB, before Dexie has loaded) are this one function.
 */
export async function loadPageList(read: TRead, kind: TPageKind, pageNo: number): Promise<TPageListPage> {
  return read([kind.name], async (r) => {
    const [count, rows] = await Promise.all([
      r.count(kind.name),
      r.pageByIndex<TPage>(kind.name, kind.titleColumn, (pageNo - 1) * PAGE_SIZE, PAGE_SIZE),
    ]);
    return { kind: kind.name, pageNo, count, rows };
  });
}
