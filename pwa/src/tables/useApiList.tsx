import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { api, ApiError, type RequestOptions } from '../http/client.ts';
import { useToast } from '../feedback/toast.tsx';

export type ApiQuery = NonNullable<RequestOptions['query']>;

export type ApiListState<T> = {
  data: T | null;
  loading: boolean;
  error: ApiError | null;
  /** Fetches again with the same path and query (after a save or a delete). */
  reload: () => void;
  /** For optimistic changes on screen before the server confirms them. */
  setData: Dispatch<SetStateAction<T | null>>;
};

/**
 * Loads one GET call and keeps its answer; every admin list (and the settings form) reads through it so
 * loading, failure and stale-answer handling live in one place. A null path loads nothing. A newer query
 * aborts the older request, so a slow first page never overwrites the page asked for later. Failures show
 * the spec's 'Something went wrong!' notice.
 */
export function useApiList<T>(
  path: string | null,
  query?: ApiQuery,
  /** A few reads of the original API are POSTs (rest-contract "Reads done with POST", e.g. /api/roles). */
  method: 'GET' | 'POST' = 'GET',
): ApiListState<T> {
  const toast = useToast();
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [error, setError] = useState<ApiError | null>(null);
  const [tick, setTick] = useState(0);
  // The query object is usually rebuilt on every render; its text is the real dependency.
  const key = JSON.stringify(query ?? {});

  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    void api<T>(path, { method, query: JSON.parse(key) as ApiQuery, signal: ctrl.signal })
      .then((answer) => {
        if (ctrl.signal.aborted) return;
        setData(answer);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return;
        const err = e instanceof ApiError ? e : new ApiError(0, e instanceof Error ? e.message : String(e));
        setError(err);
        setLoading(false);
        toast.failed(err);
      });
    return () => ctrl.abort();
  }, [path, key, method, tick, toast]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, loading, error, reload, setData };
}

/** The spec's list states as one table row: 'Loading....' while loading, 'No Records found.' when empty. */
export function ListStatusRow({
  loading,
  empty,
  colSpan,
  emptyText = 'No Records found.',
}: {
  loading: boolean;
  empty: boolean;
  colSpan: number;
  emptyText?: string;
}) {
  if (!loading && !empty) return null;
  return (
    <tr>
      <td colSpan={colSpan} role="status">
        {loading ? 'Loading....' : emptyText}
      </td>
    </tr>
  );
}

/** Paginator fields shared by the server's paged answers (users, mail outbox). */
export type TPage<T> = {
  data: T[];
  current_page: number;
  from: number | null;
  to: number | null;
  total: number;
  per_page: number;
  last_page: number;
};
