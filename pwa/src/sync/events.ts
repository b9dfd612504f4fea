import type { THttpClient } from '../http/client.ts';

/** Waits, or stops waiting at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}

/** Exponential backoff with jitter, so a hundred phones coming back online do not knock at the same second. */
export const backoffMs = (attempt: number, max = 60_000): number =>
  Math.min(max, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);

/** Calls onEvent with the name of each server-sent event in the stream, until it ends. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (name: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buf += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, end);
        buf = buf.slice(end + 2);
        const name = /^event:\s*(.*)$/m.exec(block)?.[1]?.trim();
        const hasData = /^data:/m.test(block);
        if (name || hasData) onEvent(name || 'message');
      }
    }
  } finally {
    reader.releaseLock();
  }
}

export type TPokeStream = { stop: () => void };

/**
 * Listens to GET /sync/events. EventSource cannot send an Authorization header, so this reads the stream with
 * fetch. It reconnects with backoff when the stream drops; onOpen fires on each (re)connection because pokes
 * sent while disconnected are lost. Without a usable session it stops and calls onPaused.
 */
export function startPokeStream(opts: {
  http: THttpClient;
  onPoke: () => void;
  onOpen?: () => void;
  onPaused?: () => void;
}): TPokeStream {
  const ctrl = new AbortController();
  const run = async () => {
    let attempt = 0;
    while (!ctrl.signal.aborted) {
      try {
        const res = await opts.http.send('/sync/events', {
          headers: { Accept: 'text/event-stream' },
          signal: ctrl.signal,
        });
        // Refused after the client's refresh: no usable session until the user signs in again.
        if (res.status === 401) {
          await res.body?.cancel();
          opts.onPaused?.();
          return;
        }
        if (!res.ok || !res.body) throw new Error(`The event stream answered ${res.status}.`);
        attempt = 0;
        opts.onOpen?.();
        await readEvents(res.body, (name) => {
          if (name === 'poke') opts.onPoke();
        });
      } catch {
        if (ctrl.signal.aborted) return;
        // Network down or server restarting: try again later.
      }
      await sleep(backoffMs(attempt++), ctrl.signal);
    }
  };
  void run();
  return { stop: () => ctrl.abort() };
}
