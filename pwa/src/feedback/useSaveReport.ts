import { useCallback } from 'react';
import type { TSyncContext } from '../sync/context.ts';
import type { TOutboxEntry } from '../sync/db.ts';
import { useSync } from '../sync/hooks.ts';
import type { TSyncStatus } from '../sync/status.ts';
import { useToast, type ToastApi } from './toast.tsx';
import { saveReportsKey } from './ResumeSaveReports.tsx';

/**
 * Honest words after a save (issue 11 item 4). Every local write is queued in the outbox, so the spec's
 * success text ('Hearing Date Added Successfully!', 'Files Uploaded Successfully!'…) is shown only once the
 * server has acknowledged the write (its outbox entries are gone and its files uploaded). Until then, and at
 * once when there is no network, the user reads that it is saved on this device and will be sent; the
 * header's pending count shows it meanwhile. A refusal shows the server's reason, which also stays listed
 * on /conflicts under "Changes not accepted" (and the header's "N not accepted" links there).
 */

export const SAVED_ON_DEVICE = 'Saved on this device.';
export const WILL_SEND_ONLINE = 'It will be sent when you are online.';
export const WILL_SEND_SIGNED_IN = 'It will be sent when you sign in again.';
export const SENDING = 'It is being sent to the server.';
export const SENT = 'Sent to the server.';
export const NOT_ACCEPTED = 'Something went wrong!';
export const CONFLICTED = 'Changed on another device too';

/** Online but not acknowledged within this time: say it is on the device while it keeps being sent. */
const QUIET_MS = 3000;

export type TSaveOptions<T> = {
  /** The hashes of files the write stored: the save is sent once their bytes are on the server too. */
  files?: (result: T) => readonly string[];
};

/**
 * One save being followed: its queued mutations `from`..`to` (exclusive) and files, in the database of client
 * id `client` (a database deleted at logout and made again has another, and its mutation ids start over).
 */
type TReport = {
  client: string;
  from: number;
  to: number;
  files: readonly string[];
  sent: string;
  announced: boolean;
};

const metaOf = async (ctx: TSyncContext, key: 'clientId' | 'nextMutationId' | 'lastMutationId') =>
  (await ctx.db.meta.get(key))?.value;

/** Unanswered saves, per local database, in localStorage: the last hundred. */
const storageKey = (ctx: TSyncContext) => saveReportsKey(ctx.db.name);
function stored(ctx: TSyncContext): TReport[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(storageKey(ctx)) ?? '[]');
    return Array.isArray(list) ? (list as TReport[]) : [];
  } catch {
    return [];
  }
}
function store(ctx: TSyncContext, change: (list: TReport[]) => TReport[]): void {
  try {
    localStorage.setItem(storageKey(ctx), JSON.stringify(change(stored(ctx)).slice(-100)));
  } catch {
    // Storage full or refused: the report still follows this page's life.
  }
}

type TOutcome =
  | { kind: 'waiting' }
  | { kind: 'sent' }
  | { kind: 'rejected'; message: string }
  | { kind: 'conflict' }
  | { kind: 'lost' };

/** Where the queued mutations `from`..`to` (exclusive) and the files stand. */
async function outcomeOf(ctx: TSyncContext, r: TReport): Promise<TOutcome> {
  const entries: TOutboxEntry[] =
    r.to > r.from ? await ctx.db.outbox.where('id').between(r.from, r.to).toArray() : [];
  if (entries.some((e) => e.status === 'pending')) return { kind: 'waiting' };
  const rejected = entries.find((e) => e.status === 'rejected');
  if (rejected) return { kind: 'rejected', message: rejected.message ?? 'Not accepted.' };
  // Gone from the queue means sent only if the server said it processed them (not discarded meanwhile).
  const processed = Number((await metaOf(ctx, 'lastMutationId')) ?? 0);
  if (entries.length < r.to - r.from && processed < r.to - 1) return { kind: 'lost' };
  for (const f of r.files.length ? await ctx.db.files.bulkGet([...r.files]) : []) {
    if (f?.refused) return { kind: 'rejected', message: f.refused };
    if (f && !f.uploaded) return { kind: 'waiting' };
  }
  if (entries.some((e) => e.status === 'conflict')) return { kind: 'conflict' };
  return { kind: 'sent' };
}

const unreachable = (s: TSyncStatus) =>
  !s.online || s.paused || (typeof navigator !== 'undefined' && !navigator.onLine);

/**
 * Follows one save until the server has answered, whatever screen the user moves to meanwhile (the notices
 * live in the app-wide toast list). A save still unanswered when the page goes (or the database closes at
 * sign-out) stays stored and is followed again by ResumeSaveReports; a resumed save only reports its answer,
 * having been announced (if at all) by the page that made it.
 */
function follow(ctx: TSyncContext, toast: ToastApi, report: TReport, resumed = false): void {
  let announced = report.announced;
  let done = false;
  const remember = (r: TReport | null) =>
    store(ctx, (list) => [
      ...list.filter((x) => x.client !== report.client || x.from !== report.from),
      ...(r ? [r] : []),
    ]);
  if (!resumed) remember(report);
  const announce = () => {
    if (announced || done || resumed) return;
    announced = true;
    remember({ ...report, announced });
    const s = ctx.engine.getStatus();
    toast.info(SAVED_ON_DEVICE, s.paused ? WILL_SEND_SIGNED_IN : unreachable(s) ? WILL_SEND_ONLINE : SENDING);
  };
  const onStatus = () => {
    const s = ctx.engine.getStatus();
    if (unreachable(s) || (s.error && !s.syncing)) announce();
  };
  const timer = setTimeout(announce, QUIET_MS);
  const unsubscribeStatus = ctx.engine.subscribe(onStatus);
  onStatus();
  let subscription: { unsubscribe: () => void } | null = null;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    unsubscribeStatus();
    subscription?.unsubscribe();
  };
  subscription = ctx
    .liveQuery(() => outcomeOf(ctx, report))
    .subscribe({
      next: (o) => {
        if (done || o.kind === 'waiting') return;
        stop();
        remember(null);
        if (o.kind === 'sent') toast.success(report.sent, announced ? SENT : undefined);
        else if (o.kind === 'rejected') toast.error(NOT_ACCEPTED, o.message);
        else if (o.kind === 'conflict')
          toast.info(CONFLICTED, 'Choose which value to keep on the Conflicts page.');
      },
      error: stop,
    });
  if (done) subscription.unsubscribe();
}

/**
 * `save(write, sentText)` runs a local write (or a call to the server) and reports it honestly: the spec's
 * text once the server has it, "Saved on this device…" until then. A write that queued nothing (an online
 * call, or nothing changed) is reported at once. Errors of the write itself are thrown to the caller.
 */
export function useSaveReport(): <T>(
  write: () => Promise<T>,
  sent: string,
  options?: TSaveOptions<T>,
) => Promise<T> {
  const ctx = useSync();
  const toast = useToast();
  return useCallback(
    async <T>(write: () => Promise<T>, sent: string, options: TSaveOptions<T> = {}): Promise<T> => {
      if (!ctx) {
        const result = await write();
        toast.success(sent);
        return result;
      }
      const nextId = async () => Number((await metaOf(ctx, 'nextMutationId')) ?? 1);
      const from = await nextId();
      const result = await write();
      const to = await nextId();
      const files = options.files?.(result) ?? [];
      if (to > from || files.length) {
        const client = String(await metaOf(ctx, 'clientId'));
        follow(ctx, toast, { client, from, to, files, sent, announced: false });
      } else toast.success(sent);
      return result;
    },
    [ctx, toast],
  );
}

/**
 * Follows again the saves a previous page left unanswered (a reload, or the app opened again later), so their
 * answer (the spec's text, or the reason of a refusal) is still shown. Called by ResumeSaveReports.tsx, which
 * loads this module only when such saves are stored.
 */
export async function resumeSaveReports(ctx: TSyncContext, toast: ToastApi): Promise<void> {
  const client = await metaOf(ctx, 'clientId');
  const all = stored(ctx);
  const mine = all.filter((r) => r.client === String(client));
  if (mine.length < all.length) store(ctx, () => mine);
  for (const r of mine) follow(ctx, toast, r, true);
}
