import { useAuth } from '../../auth/AuthContext.tsx';
import { readDexie } from '../../sync/db-access.ts';
import { useLiveQuery, useSync } from '../../sync/hooks.ts';
import { loadPetitionPage, petitionPageKey, type TPetitionPage } from './petitionPage.data.ts';

/**
 * The case page's data, live; undefined while loading (or while the previous case's answer is stale). Apart
 * from useCaseFiles.ts, whose hooks the dashboard uses: the page's query code loads with the screens that show it.
 */
export function usePetitionPage(id: string): TPetitionPage | undefined {
  const ctx = useSync();
  const { user } = useAuth();
  const page = useLiveQuery(
    async () => (ctx ? loadPetitionPage(readDexie(ctx.db), id) : undefined),
    [ctx, id],
    user ? petitionPageKey(user.id, id) : undefined,
  );
  return page?.id === id ? page : undefined;
}
