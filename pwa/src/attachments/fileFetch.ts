import type { SyncEngine } from '../sync/engine.ts';

/**
 * Downloads of attachment bytes for offline reading, shared by every viewer and thumbnail: one request per
 * file however many components show it, and at most three at a time so a 40-page annexure does not open 40
 * connections on a court-corridor network.
 */
const LIMIT = 3;
const inflight = new WeakMap<SyncEngine, Map<string, Promise<void>>>();
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<void> {
  if (running < LIMIT) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

export function fetchForOffline(engine: SyncEngine, sha256: string, name: string): Promise<void> {
  let mine = inflight.get(engine);
  if (!mine) inflight.set(engine, (mine = new Map()));
  const existing = mine.get(sha256);
  if (existing) return existing;
  const map = mine;
  const p = (async () => {
    await slot();
    try {
      await engine.fetchFileForOffline(sha256, name);
    } finally {
      release();
      map.delete(sha256);
    }
  })();
  map.set(sha256, p);
  return p;
}
