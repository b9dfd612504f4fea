import { liveQuery, type Subscription } from 'dexie';
import type { TMutation, TPullResponse, TPushResponse } from '@lawfirm/shared-types';
import { applyPullPage, pendingFrom } from './apply-pull.ts';
import { ApiError, type THttpClient } from '../http/client.ts';
import { fetchFileForOffline, REQUEST_TIMEOUT_MS, uploadPending } from './attachments.ts';
import { clientIdOf, getMeta, setMeta, type LocalDb, type TOutboxEntry } from './db.ts';
import { backoffMs, startPokeStream, type TPokeStream } from './events.ts';
import { onLocalWrite } from './local-writes.ts';
import { browserOnline, INITIAL_STATUS, type TSyncStatus } from './status.ts';

export type TSyncEngineOptions = {
  db: LocalDb;
  /** The app's one HTTP client (the screens' too): one session, one refresh. */
  http: THttpClient;
  userId: string;
  /** Rows per pull page (the server allows 1–2000). */
  pageSize?: number;
  /** Mutations per push (the server accepts up to 500). */
  pushBatch?: number;
  /** Delay between a local write and its push: several quick edits go in one request. */
  debounceMs?: number;
  periodMs?: number;
};

const toMutation = (e: TOutboxEntry): TMutation => ({
  id: e.id,
  name: e.name,
  args: e.args,
  ...(e.base ? { base: e.base } : {}),
  createdAt: e.createdAt,
});

/** No usable session: the queue waits (it is never dropped) until the same user signs in again. */
export const PAUSED_MESSAGE = 'Sign in again to sync. Your changes are kept on this device.';

const isNetworkError = (e: unknown) =>
  (e instanceof ApiError && e.offline) ||
  e instanceof TypeError ||
  (e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError'));

/**
 * The device's sync loop (DESIGN §5): push the queue, pull the changes, upload attachment bytes. Framework-free,
 * so it runs in Node tests against a real server; the React layer only starts it and reads its status.
 * syncNow can be called from anywhere at any time: calls during a run are folded into one more run.
 */
export class SyncEngine {
  private readonly db: LocalDb;
  private readonly http: THttpClient;
  private status: TSyncStatus = { ...INITIAL_STATUS };
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private failures = 0;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private debounce: ReturnType<typeof setTimeout> | null = null;
  private cleanups: (() => void)[] = [];
  private events: TPokeStream | null = null;
  private counts: Subscription | null = null;

  constructor(private readonly opts: TSyncEngineOptions) {
    this.db = opts.db;
    this.http = opts.http;
  }

  getStatus = (): TSyncStatus => this.status;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  private set(patch: Partial<TSyncStatus>): void {
    this.status = { ...this.status, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** Pushes, pulls and uploads now (or right after the run in progress). Never throws: see status.error. */
  syncNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.withLock(() => this.cycle());
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** One tab syncs at a time: the others wait for the lock and then find little left to do. */
  private async withLock(fn: () => Promise<void>): Promise<void> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks) await locks.request(`lf-sync-${this.opts.userId}`, fn);
    else await fn();
  }

  private uploading: Promise<void> | null = null;

  /**
   * Attachment bytes go up beside the sync cycle, not inside it: a large photo on a slow line must not hold
   * back the hearing date typed after it. One upload run at a time; a run that ends with more to send (a
   * file added meanwhile) starts again.
   */
  private uploadInBackground(): void {
    if (this.uploading) {
      this.uploadAgain = true;
      return;
    }
    this.uploadAgain = false;
    this.uploading = uploadPending(this.db, {
      ...this.http,
      onProgress: (uploading) => this.set({ uploading }),
    })
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        this.uploading = null;
        if (this.uploadAgain && this.started) this.uploadInBackground();
      });
  }
  private uploadAgain = false;

  private async cycle(): Promise<void> {
    this.set({ syncing: true });
    try {
      const complete = await this.push();
      await this.pull();
      this.uploadInBackground();
      const lastSyncAt = new Date().toISOString();
      await setMeta(this.db, 'lastSyncAt', lastSyncAt);
      this.failures = 0;
      this.set({ lastSyncAt, error: null, paused: false, online: browserOnline() });
      if (this.started && !this.events) this.listen();
      if (!complete) this.retryLater();
    } catch (e) {
      // A 401 after the client's refresh: the session ended (or was never renewed). Paused, not retried.
      if (e instanceof ApiError && e.status === 401) this.set({ paused: true, error: PAUSED_MESSAGE });
      else {
        const network = isNetworkError(e);
        this.set({
          error: network
            ? 'No connection to the server. Your changes are kept and will be sent later.'
            : e instanceof Error
              ? e.message
              : String(e),
          ...(network ? { online: false } : {}),
        });
        this.retryLater();
      }
    } finally {
      this.set({ syncing: false, firstSync: null });
      await this.refreshCounts().catch(() => undefined);
    }
  }

  /**
   * Sends the pending queue in id order, in batches. Answers false when the server stopped part-way (a
   * transient failure on its side): the rest stays pending for the next try. Acknowledgement is left to the
   * pull that follows, which also covers a push whose answer was lost.
   */
  async push(): Promise<boolean> {
    const clientId = await clientIdOf(this.db);
    const size = this.opts.pushBatch ?? 200;
    let after = 0;
    for (;;) {
      const batch = await this.db.outbox
        .where('id')
        .above(after)
        .and((e) => e.status === 'pending')
        .limit(size)
        .toArray();
      const last = batch.at(-1);
      if (!last) return true;
      const res = await this.http.api<TPushResponse>('/sync/push', {
        json: { clientId, mutations: batch.map(toMutation) },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (res.lastMutationId < last.id) return false;
      after = last.id;
    }
  }

  /** Pulls pages until the server has no more, each applied with its cursor in one transaction. */
  async pull(): Promise<void> {
    const clientId = await clientIdOf(this.db);
    let cursor = await getMeta(this.db, 'cursor', '');
    // A first sync shows progress, also when it resumes after an interruption (no full sync yet).
    let tracking = cursor === '' || (await getMeta(this.db, 'lastSyncAt', null)) === null;
    let received = 0;
    for (;;) {
      const q = new URLSearchParams({
        clientId,
        cursor,
        pendingFrom: String(await pendingFrom(this.db)),
        limit: String(this.opts.pageSize ?? 500),
      });
      const page = await this.http.api<TPullResponse>(`/sync/pull?${q.toString()}`, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      // Another tab (without Web Locks) moved on meanwhile: its pull covers this one.
      if (!(await applyPullPage(this.db, page, cursor))) return;
      cursor = page.cursor;
      if (page.reset) {
        tracking = true;
        received = 0;
      }
      if (tracking) {
        received += page.changes.length;
        this.set({ firstSync: page.more ? { done: received, total: received + page.remaining } : null });
      }
      if (!page.more) return;
    }
  }

  private retryLater(): void {
    if (!this.started) return;
    this.later(backoffMs(this.failures++));
  }

  private later(ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.syncNow();
    }, ms);
    this.timers.add(t);
  }

  /** Syncs shortly: several triggers within the delay become one run. */
  schedule(ms = this.opts.debounceMs ?? 300): void {
    if (!this.started) return;
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.syncNow();
    }, ms);
  }

  private async refreshCounts(): Promise<void> {
    this.set(await countsOf(this.db));
  }

  private listen(): void {
    this.events = startPokeStream({
      http: this.http,
      onPoke: () => this.schedule(50),
      onOpen: () => this.schedule(50),
      // Resumed by the next successful sync (the user signed in again).
      onPaused: () => {
        this.events = null;
      },
    });
  }

  /**
   * Starts the triggers (DESIGN §5; Background Sync is missing in Safari and Firefox, so the page drives it):
   * now, when the browser comes online, on focus, shortly after a local write, every minute, and on a poke.
   */
  start(): void {
    if (this.started) return;
    this.started = true;
    // The browser may have gone offline before the engine started (it starts after the first screen).
    this.set({ online: browserOnline() });
    void getMeta(this.db, 'lastSyncAt', null).then(
      (lastSyncAt) => this.set({ lastSyncAt }),
      () => undefined,
    );
    // Counts follow the database, including writes made in other tabs.
    this.counts = liveQuery(() => countsOf(this.db)).subscribe({
      next: (c) => this.set(c),
      error: () => undefined,
    });
    this.cleanups.push(onLocalWrite(this.db, () => this.schedule()));
    const every = setInterval(() => void this.syncNow(), this.opts.periodMs ?? 60_000);
    this.cleanups.push(() => clearInterval(every));
    if (typeof window !== 'undefined') {
      const online = () => {
        this.set({ online: true });
        // A phone that lost its network may hold a dead event stream for minutes: open a fresh one.
        this.events?.stop();
        this.events = null;
        this.listen();
        this.schedule(0);
      };
      const offline = () => this.set({ online: false });
      const focus = () => this.schedule(0);
      const visible = () => {
        if (document.visibilityState === 'visible') this.schedule(0);
      };
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      window.addEventListener('focus', focus);
      document.addEventListener('visibilitychange', visible);
      this.cleanups.push(() => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
        window.removeEventListener('focus', focus);
        document.removeEventListener('visibilitychange', visible);
      });
    }
    this.listen();
    void this.syncNow();
  }

  /** Stops every trigger; resolves when a run in progress has finished. */
  async stop(): Promise<void> {
    this.started = false;
    this.cleanups.forEach((c) => c());
    this.cleanups = [];
    this.timers.forEach((t) => clearTimeout(t));
    this.timers.clear();
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = null;
    this.events?.stop();
    this.events = null;
    this.counts?.unsubscribe();
    this.counts = null;
    await this.running;
    await this.uploading;
  }

  /** Downloads a server file so it opens offline later. */
  fetchFileForOffline(sha256: string, name?: string): Promise<void> {
    return fetchFileForOffline(this.db, sha256, this.http, name);
  }
}

async function countsOf(db: LocalDb): Promise<Pick<TSyncStatus, 'pending' | 'rejected' | 'conflicts'>> {
  const pending = await db.outbox.where('status').equals('pending').count();
  const rejected = await db.outbox.where('status').equals('rejected').count();
  const conflicts = db.hasEntity('conflicts')
    ? await db
        .rows('conflicts')
        .filter((c) => !c.resolved_at)
        .count()
    : 0;
  return { pending, rejected, conflicts };
}
