import { useEffect, useState } from 'react';
import { ApiError } from '../http/client.ts';
import { hasLocalFile, readLocalFile } from '../sync/attachments.ts';
import { useLiveQuery, useSync } from '../sync/hooks.ts';
import { useOnline } from '../browser/useOnline.ts';
import { fileView, VIEW_HEAD_BYTES, type TFileView } from './fileView.ts';
import { fetchForOffline } from './fileFetch.ts';

export type TLocalFileState =
  | { status: 'loading' }
  /** `view`: how the bytes may be shown (fileView.ts); the URL's type is the view's. */
  | { status: 'ready'; url: string; view: TFileView }
  /** Not on this device and no network: nothing to show until the phone is online. */
  | { status: 'offline' }
  /** The server has the row but not the bytes yet (another device is still uploading): asked again shortly. */
  | { status: 'waiting' }
  | { status: 'error'; message: string; retry: () => void };

export const NOT_DOWNLOADED_MESSAGE = 'Not downloaded yet — connect to load this file.';
export const NOT_UPLOADED_MESSAGE =
  'Not uploaded yet — it shows here once the device that added it has sent it.';

/** Waits before asking the server again for bytes another device is still sending (then every 30 s). */
const WAIT_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * An attachment's bytes as an object URL, typed by what its bytes are (a PDF, an image, or a download that
 * no browser renders: fileView). The device's copy comes first (it opens in a court corridor with
 * no signal); a file not on the device yet is downloaded for offline reading while online, and shows as
 * soon as its bytes are stored. The URL is revoked when the component goes, so pages do not leak memory.
 */
export function useLocalFile(sha256: string, name: string): TLocalFileState {
  const ctx = useSync();
  const online = useOnline();
  const present = useLiveQuery(async () => (ctx ? hasLocalFile(ctx.db, sha256) : undefined), [ctx, sha256]);
  const [url, setUrl] = useState<{ key: string; url: string; view: TFileView } | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  // The sha256 the server answered 404 for: its attachment row arrived before its bytes.
  const [waiting, setWaiting] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = sha256;
  const attemptKey = `${sha256}|${attempt}`;

  useEffect(() => {
    if (!ctx || !present) return;
    let alive = true;
    let made: string | null = null;
    readLocalFile(ctx.db, sha256)
      .then(async (blob) => {
        if (!blob) return;
        const view = fileView(new Uint8Array(await blob.slice(0, VIEW_HEAD_BYTES).arrayBuffer()));
        if (!alive) return;
        made = URL.createObjectURL(blob.slice(0, blob.size, view.type));
        setUrl({ key, url: made, view });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [ctx, present, sha256, key]);

  useEffect(() => {
    if (!ctx || present !== false || !online) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    fetchForOffline(ctx.engine, sha256, name).catch((e: unknown) => {
      if (!alive) return;
      // Rows are pushed before their files are uploaded: a file the server does not have yet is on its way,
      // not an error. Ask again later, without a Retry the user would have to find.
      if (e instanceof ApiError && e.status === 404) {
        setWaiting(sha256);
        timer = setTimeout(() => setAttempt((a) => a + 1), WAIT_MS[Math.min(attempt, WAIT_MS.length - 1)]);
        return;
      }
      setWaiting(null);
      setFailure({ key: attemptKey, message: e instanceof Error ? e.message : String(e) });
    });
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [ctx, present, online, sha256, name, attemptKey, attempt]);

  if (present && url?.key === key) return { status: 'ready', url: url.url, view: url.view };
  if (present === false && !online) return { status: 'offline' };
  if (present === false && failure?.key === attemptKey)
    return { status: 'error', message: failure.message, retry: () => setAttempt((a) => a + 1) };
  if (present === false && waiting === sha256) return { status: 'waiting' };
  return { status: 'loading' };
}

/** Has the server every byte of this file yet? (Files from other devices and from the server have.) */
export function useFileUploaded(sha256: string): boolean {
  const ctx = useSync();
  return (
    useLiveQuery(
      async () => (ctx ? ((await ctx.db.files.get(sha256))?.uploaded ?? true) : true),
      [ctx, sha256],
    ) ?? true
  );
}
