// The load generator's process (see load.ts): runs autocannon for each spec it is sent and answers the figures.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { newId } from '../../sync-server/src/db/ids.ts';
import type { LoadResult, LoadSpec, PushLoad } from './load.ts';

/** The part of autocannon's API used here (it ships no types). */
type Histogram = { p50: number; p99: number };
type Result = {
  duration: number;
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: Histogram;
};
type Request = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: Request) => Request;
  onResponse?: (status: number, body: string) => void;
};
type Client = { setRequests: (requests: Request[]) => void };
type Options = {
  url: string | string[];
  method?: string;
  headers?: Record<string, string>;
  connections: number;
  duration?: number;
  amount?: number;
  setupClient?: (client: Client) => void;
};
type Instance = { on: (event: 'response', listener: () => void) => void };
type Autocannon = (opts: Options, done: (err: Error | null, result: Result) => void) => Instance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function fill(values: Record<string, unknown>, n: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.replaceAll('{n}', String(n)) : v]),
  );
}

/**
 * Each connection is one device: its own client id, mutation ids increasing by the batch on every request.
 * A run of a fixed number of requests (one device sending long pushes) has its bodies written before its clock
 * starts: building 200 mutations' JSON took the load generator a few milliseconds a request, during which the
 * one connection's server sat idle, so it was counted as the server's time.
 */
function pushClients(
  push: PushLoad,
  path: string,
  counts: { applied: number; notApplied: number },
  prebuilt: number,
) {
  let rows = 0;
  const device = (n: number) => {
    const clientId = `${push.clientPrefix}-${n}`;
    let last = 0;
    const body = () => {
      const mutations = Array.from({ length: push.perRequest }, () => ({
        id: ++last,
        name: 'put',
        args: { entity: push.entity, id: newId(), values: fill(push.values, ++rows) },
      }));
      return JSON.stringify({ clientId, mutations });
    };
    const ready = Array.from({ length: prebuilt }, body);
    return () => ready.shift() ?? body();
  };
  // Built now, before the caller starts its clock, when bodies are written ahead.
  const first = prebuilt ? device(1) : null;
  let devices = 0;
  return (client: Client) => {
    const next = ++devices === 1 && first ? first : device(devices);
    client.setRequests([
      {
        method: 'POST',
        path,
        setupRequest: (req) => ({ ...req, body: next() }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          for (const r of (JSON.parse(body) as { results: { status: string }[] }).results)
            if (r.status === 'applied') counts.applied++;
            else counts.notApplied++;
        },
      },
    ]);
  };
}

function run(spec: LoadSpec): Promise<LoadResult> {
  const counts = { applied: 0, notApplied: 0 };
  // Several URLs (two app servers) differ only in their port.
  const url = new URL([spec.url].flat()[0]!);
  const headers = { ...spec.headers, ...(spec.push ? { 'content-type': 'application/json' } : {}) };
  // One device's fixed number of pushes: its bodies are written before the clock starts.
  const setupClient = spec.push
    ? pushClients(
        spec.push,
        url.pathname + url.search,
        counts,
        spec.amount && spec.connections === 1 ? spec.amount : 0,
      )
    : undefined;
  // autocannon ends a run of a fixed `amount` at its next one-second tick: time such a run to its last answer.
  const started = performance.now();
  let answered = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method ?? 'GET',
        headers,
        connections: spec.connections,
        ...(spec.amount ? { amount: spec.amount } : { duration: spec.duration ?? 5 }),
        ...(setupClient ? { setupClient } : {}),
      },
      (err, r) => {
        if (err) return reject(err);
        const seconds = spec.amount ? (answered - started) / 1000 : r.duration;
        resolve({
          seconds,
          ok2xx: r['2xx'],
          non2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
          reqPerSec: r['2xx'] / seconds,
          p50: r.latency.p50,
          p99: r.latency.p99,
          ...counts,
        });
      },
    );
    instance.on('response', () => {
      answered = performance.now();
    });
  });
}

process.on('message', (m: { id: number; spec: LoadSpec }) => {
  run(m.spec).then(
    (result) => process.send!({ id: m.id, result }),
    (e: unknown) => process.send!({ id: m.id, error: e instanceof Error ? e.message : String(e) }),
  );
});
process.on('disconnect', () => process.exit(0));
