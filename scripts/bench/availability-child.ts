// The client side of the availability bench (availability.ts), in a process of its own so the server's event
// loop is measured alone: runs a load (requests `concurrency` at a time) while probing /api/health one request
// after another, and answers the probes' latencies and the load's status codes.
import { performance } from 'node:perf_hooks';

export type TAvailabilitySpec = {
  base: string;
  health: string;
  load: { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string }[];
  concurrency: number;
};
export type TAvailabilityResult = { healthMs: number[]; statuses: Record<string, number>; loadMs: number };

async function run(spec: TAvailabilitySpec): Promise<TAvailabilityResult> {
  const statuses: Record<string, number> = {};
  let next = 0;
  let done = false;
  const t0 = performance.now();
  const worker = async () => {
    while (next < spec.load.length) {
      const r = spec.load[next++]!;
      const res = await fetch(`${spec.base}${r.path}`, {
        method: r.method,
        headers: r.headers,
        body: r.body,
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  const healthMs: number[] = [];
  const probe = async () => {
    while (!done) {
      const t = performance.now();
      const res = await fetch(`${spec.base}${spec.health}`);
      await res.arrayBuffer();
      healthMs.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const probing = probe();
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  const loadMs = performance.now() - t0;
  done = true;
  await probing;
  return { healthMs, statuses, loadMs };
}

process.on('message', (spec: TAvailabilitySpec) => {
  run(spec).then(
    (result) => process.send!({ result }),
    (e: unknown) => process.send!({ error: String(e) }),
  );
});
