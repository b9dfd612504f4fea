import { useContext, useEffect, useState, useSyncExternalStore, type DependencyList } from 'react';
import type { TConflict } from '@lawfirm/shared-types';
import { forgetPreload, preloaded } from './preload.ts';
import { SyncContext, type TSyncContext } from './context.ts';
import type { TOutboxEntry, TRow } from './db.ts';
import { INITIAL_STATUS, type TSyncStatus } from './status.ts';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';

/** The signed-in user's database and engine; null while signed out or opening. */
export function useSync(): TSyncContext | null {
  return useContext(SyncContext);
}

const noop = () => () => undefined;
const initial = () => INITIAL_STATUS;

/**
 * A query of the local database, answered again whenever the data it read changes (Dexie's liveQuery, from the
 * sync context); undefined until its first answer, then the latest answer until the next one settles (as
 * dexie-react-hooks' useLiveQuery). With no database open yet the query runs once. With a `key`, a preloaded
 * answer of the same query (app/preload.ts) is the first one, at the first render when it has come; the live
 * answers follow, and one equal to what is shown renders nothing again.
 */
export function useLiveQuery<T>(
  query: () => Promise<T> | T,
  deps: DependencyList,
  key?: string,
): T | undefined {
  const ctx = useSync();
  const [state, setState] = useState<{ value?: T; error?: Error }>(() => {
    const first = key ? preloaded(key) : null;
    return first && !(first instanceof Promise) ? { value: first.value as T } : {};
  });
  useEffect(() => {
    let live = true;
    let answered = false;
    // The preloaded answer on screen (JSON), until a live answer replaces it.
    let shown: string | null = null;
    const first = key ? preloaded(key) : null;
    if (first instanceof Promise)
      first.then(
        (value) => {
          if (!live || answered) return;
          shown = JSON.stringify(value);
          setState({ value: value as T });
        },
        () => undefined,
      );
    else if (first) shown = JSON.stringify(first.value);
    const next = (value: T) => {
      if (!live) return;
      answered = true;
      if (key) forgetPreload(key);
      const same = shown !== null && JSON.stringify(value) === shown;
      shown = null;
      if (!same) setState({ value });
    };
    const error = (e: unknown) =>
      live &&
      setState({ error: e instanceof Error ? e : new Error('The local database could not be read.') });
    if (!ctx) {
      if (!first) Promise.resolve().then(query).then(next, error);
      return () => void (live = false);
    }
    const subscription = ctx.liveQuery(query).subscribe({ next, error });
    return () => {
      live = false;
      subscription.unsubscribe();
    };
    // The caller's deps stand for the query, whose identity changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctx, key, ...deps]);
  if (state.error) throw state.error;
  return state.value;
}

export function useSyncStatus(): TSyncStatus {
  const engine = useSync()?.engine;
  return useSyncExternalStore(engine?.subscribe ?? noop, engine?.getStatus ?? initial, initial);
}

/**
 * One fact of the sync status: the screen renders again only when that fact changes, not on every step of a
 * sync (a screen of a hundred rows is not redrawn because a pull started).
 */
export function useSyncStatusOf<T extends string | number | boolean | null>(
  select: (s: TSyncStatus) => T,
): T {
  const engine = useSync()?.engine;
  const get = () => select(engine ? engine.getStatus() : INITIAL_STATUS);
  return useSyncExternalStore(engine?.subscribe ?? noop, get, get);
}

/**
 * The visible rows of an entity (server rows with this device's pending edits), live. `where` matches
 * indexed fields exactly (see CLIENT_STORES in db.ts), e.g. { case_category_id: id }; null reads nothing (the
 * caller has the rows already). Undefined while loading.
 */
export function useEntityRows<T extends TRow = TRow>(
  entity: string,
  where?: Record<string, string | number> | null,
): T[] | undefined {
  const ctx = useSync();
  const key = where === null ? null : where ? JSON.stringify(where) : '';
  return useLiveQuery(async () => {
    if (!ctx || where === null) return undefined;
    const table = ctx.db.rows(entity);
    const rows =
      where && Object.keys(where).length ? await table.where(where).toArray() : await table.toArray();
    return rows as T[];
    // `key` stands for `where`, whose identity changes on every render.
  }, [ctx, entity, key]);
}

/** One visible row: undefined while loading, null when there is no such record (or it was deleted). */
export function useEntityRow<T extends TRow = TRow>(
  entity: string,
  id: string | undefined,
): T | null | undefined {
  const ctx = useSync();
  return useLiveQuery(async () => {
    if (!ctx) return undefined;
    if (!id) return null;
    return ((await ctx.db.rows(entity).get(id)) as T | undefined) ?? null;
  }, [ctx, entity, id]);
}

export type TConflictRow = TConflict & TRow;

/** Unresolved conflicts, oldest first. */
export function useConflicts(): TConflictRow[] | undefined {
  const ctx = useSync();
  return useLiveQuery(async () => {
    if (!ctx || !ctx.db.hasEntity('conflicts')) return undefined;
    const rows = (await ctx.db
      .rows('conflicts')
      .filter((c) => !c.resolved_at)
      .toArray()) as TConflictRow[];
    return rows.sort((a, b) => compareCodes(a.client_changed_at, b.client_changed_at));
  }, [ctx]);
}

/** Changes the server refused, with its reason, oldest first. */
export function useRejected(): TOutboxEntry[] | undefined {
  const ctx = useSync();
  return useLiveQuery(async () => {
    if (!ctx) return undefined;
    const rows = await ctx.db.outbox.where('status').equals('rejected').toArray();
    return rows.sort((a, b) => a.id - b.id);
  }, [ctx]);
}

/**
 * The ids of an entity's records with edits the server has not confirmed yet: one query for a whole table,
 * so a list of hundreds of rows does not run a query per row.
 */
export function usePendingIds(entity: string): ReadonlySet<string> {
  const ctx = useSync();
  return (
    useLiveQuery(async () => {
      if (!ctx) return new Set<string>();
      const pending = await ctx.db.outbox.where('status').equals('pending').toArray();
      return new Set(pending.filter((e) => e.entity === entity).map((e) => e.rowId));
    }, [ctx, entity]) ?? EMPTY
  );
}
const EMPTY: ReadonlySet<string> = new Set();

/** Has this record edits the server has not confirmed yet? (A "not synced yet" mark on a screen.) */
export function usePendingFor(entity: string, id: string | undefined): boolean {
  const ctx = useSync();
  return (
    useLiveQuery(async () => {
      if (!ctx || !id) return false;
      const n = await ctx.db.outbox
        .where('[entity+rowId]')
        .equals([entity, id])
        .and((e) => e.status === 'pending')
        .count();
      return n > 0;
    }, [ctx, entity, id]) ?? false
  );
}
