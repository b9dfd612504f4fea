// Load at a fixed number of connections with autocannon, fired from a child process: the server under test keeps
// one core of its own instead of sharing its event loop with the load generator.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A push per request: each connection is one device (its own clientId) with increasing mutation ids. */
export type PushLoad = {
  /** Prefix of the devices' client ids; connection k is `${clientPrefix}-${k}`. */
  clientPrefix: string;
  perRequest: number;
  /** Entity of the `put` each mutation makes (a new row), and its values; `{n}` in a string becomes a counter. */
  entity: string;
  values: Record<string, unknown>;
};

export type LoadSpec = {
  /** Several URLs (two app servers): connection k sends to URL k mod their number, as autocannon spreads them. */
  url: string | string[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  connections: number;
  /** Seconds, unless `amount` (a fixed number of requests, for warming up) is given. */
  duration?: number;
  amount?: number;
  push?: PushLoad;
};

export type LoadResult = {
  seconds: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** 2xx answers per second over the run. */
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Push loads: mutations the server answered `applied`, and those it answered otherwise. */
  applied: number;
  notApplied: number;
};

type Reply = { id: number; result?: LoadResult; error?: string };

export type LoadGenerator = { run: (spec: LoadSpec) => Promise<LoadResult>; close: () => void };

export function startLoadGenerator(): LoadGenerator {
  // The child inherits this process's --import tsx.
  const child: ChildProcess = fork(fileURLToPath(new URL('./load-child.ts', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();
  let next = 0;
  child.on('message', (m: Reply) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.result) w?.resolve(m.result);
    else w?.reject(new Error(m.error ?? 'load generator failed'));
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`load generator exited (${code})`));
    waiting.clear();
  });
  return {
    run: (spec) =>
      new Promise<LoadResult>((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        child.send({ id, spec });
      }),
    close: () => {
      child.disconnect();
    },
  };
}
