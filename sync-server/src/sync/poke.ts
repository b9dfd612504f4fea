import pg from 'pg';

/**
 * "Something changed in firm X": sent to every device of the firm over server-sent events so it pulls at
 * once. With PostgreSQL the poke crosses server processes through LISTEN/NOTIFY; with SQLite there is one
 * process and an in-memory fan-out is enough.
 */
export type PokeHub = {
  subscribe: (companyId: string, fn: () => void) => () => void;
  poke: (companyId: string) => void;
  /**
   * The PostgreSQL channel the hub listens on, or null (in memory): a transaction that notifies it with a firm's
   * id (`pg_notify`) pokes the firm when it commits, with no statement or transaction of its own (the push
   * writer's groups: group-flush.ts).
   */
  channel: string | null;
  close: () => Promise<void>;
};

const CHANNEL = 'lf_poke';

export async function createPokeHub(databaseUrl: string | null): Promise<PokeHub> {
  const subs = new Map<string, Set<() => void>>();
  const deliver = (companyId: string) => subs.get(companyId)?.forEach((fn) => fn());
  const subscribe = (companyId: string, fn: () => void) => {
    if (!subs.has(companyId)) subs.set(companyId, new Set());
    subs.get(companyId)!.add(fn);
    return () => void subs.get(companyId)?.delete(fn);
  };
  if (!databaseUrl) return { subscribe, poke: deliver, channel: null, close: async () => undefined };

  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('notification', (n) => {
    if (n.channel === CHANNEL && n.payload) deliver(n.payload);
  });
  // A dropped listener connection must not crash the server; devices still sync every minute.
  listener.on('error', () => undefined);
  await listener.query(`LISTEN ${CHANNEL}`);
  const sender = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  sender.on('error', () => undefined);
  return {
    subscribe,
    channel: CHANNEL,
    poke: (companyId) => {
      sender.query('select pg_notify($1, $2)', [CHANNEL, companyId]).catch(() => deliver(companyId));
    },
    close: async () => {
      await listener.end().catch(() => undefined);
      await sender.end().catch(() => undefined);
    },
  };
}
