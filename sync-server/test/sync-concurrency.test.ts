import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPullResponse, TPushResponse } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { adminBearer, bearerFor, createTestApp, insertUser, type TestApp } from './helper.ts';

type H = { authorization: string };

const WRITERS = 8;
const PUSHES_PER_WRITER = 40;
/** Small pages, so the reader pages through the stream while the writers are still committing. */
const PAGE = 15;

const seqOf = (cursor: string): number => {
  const m = /^c:(\d+)$/.exec(cursor);
  if (!m) throw new Error(`expected a changes cursor, got ${cursor}`);
  return Number(m[1]);
};

/**
 * DESIGN §5 "cursor safety": on PostgreSQL two transactions can commit change numbers out of order, and a
 * reader that has passed number n must still get a change numbered below n that commits later. Only
 * PostgreSQL runs writers truly in parallel (SQLite serialises them), so this suite needs it.
 */
describe.skipIf(!process.env.DATABASE_URL_TEST)(
  'cursor safety with concurrent writers [postgres] (skipped without DATABASE_URL_TEST)',
  () => {
    let t: TestApp;
    let base: string;
    let admins: H[];
    beforeAll(async () => {
      t = await createTestApp('postgres');
      // Real HTTP on a real socket: every push runs in its own request on its own pooled connection (pool of 10).
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const second = await insertUser(t, { role: 'ADMIN' });
      admins = [await adminBearer(t), await bearerFor(t, second.email, second.password)];
    });
    afterAll(() => t?.close());

    const push = async (h: H, clientId: string, mutations: unknown[]): Promise<TPushResponse> => {
      const r = await fetch(`${base}/sync/push`, {
        method: 'POST',
        headers: { ...h, 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, mutations }),
      });
      expect(r.status, await r.clone().text()).toBe(200);
      return (await r.json()) as TPushResponse;
    };
    const pull = async (h: H, clientId: string, cursor: string): Promise<TPullResponse> => {
      const q = new URLSearchParams({ clientId, cursor, limit: String(PAGE) });
      const r = await fetch(`${base}/sync/pull?${q}`, { headers: h });
      expect(r.status, await r.clone().text()).toBe(200);
      return (await r.json()) as TPullResponse;
    };

    it('a device pulling during many concurrent pushes gets every new row exactly once, with a growing cursor', async () => {
      const reader = admins[0]!;
      const readerId = `reader-${newId()}`;
      // First sync: the snapshot pages end in a changes cursor.
      let page: TPullResponse;
      let cursor = '';
      do {
        page = await pull(reader, readerId, cursor);
        cursor = page.cursor;
      } while (page.more);
      expect(seqOf(cursor)).toBe(0);

      const delivered = new Map<string, number>();
      let writing = true;
      /** How many rows the reader had when it caught up with the head of the stream while writers still ran. */
      const caughtUpAt: number[] = [];
      // Half-way through, the writers wait for the reader to stand at the head of the stream once: on a busy
      // machine it could otherwise stay behind until every push was in, and never race them.
      let caughtUp!: () => void;
      const readerCaughtUp = new Promise<void>((resolve) => (caughtUp = resolve));
      const pullOnce = async () => {
        const p = await pull(reader, readerId, cursor);
        expect(p.reset).toBe(false);
        // The cursor never moves back: a device would otherwise apply old changes over newer ones.
        expect(seqOf(p.cursor)).toBeGreaterThanOrEqual(seqOf(cursor));
        for (const c of p.changes) {
          expect(c.entity).toBe('statutes');
          expect(c.row).not.toBeNull();
          delivered.set(c.id, (delivered.get(c.id) ?? 0) + 1);
        }
        cursor = p.cursor;
        return p;
      };

      const writer = async (w: number): Promise<string[]> => {
        const h = admins[w % admins.length]!;
        const clientId = `writer-${w}-${newId()}`;
        const ids: string[] = [];
        for (let i = 1; i <= PUSHES_PER_WRITER; i++) {
          if (i === Math.floor(PUSHES_PER_WRITER / 2) + 1) await readerCaughtUp;
          const id = newId();
          const r = await push(h, clientId, [
            { id: i, name: 'put', args: { entity: 'statutes', id, values: { title: `Statute ${w}/${i}` } } },
          ]);
          expect(r).toEqual({ lastMutationId: i, results: [{ id: i, status: 'applied' }] });
          ids.push(id);
        }
        return ids;
      };

      const reading = (async () => {
        while (writing) {
          const p = await pullOnce();
          if (!p.more) caughtUpAt.push(delivered.size);
          if (!p.more && delivered.size > 0) caughtUp();
        }
      })();
      const written = await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w))).finally(() => {
        writing = false;
      });
      await reading;
      do page = await pullOnce();
      while (page.more);

      const pushed = written.flat();
      expect(pushed).toHaveLength(WRITERS * PUSHES_PER_WRITER);
      // The reader really raced the writers: it stood at the head of the stream with some but not all rows
      // while pushes were still committing (the moment a change committed late with a lower number is missed).
      expect(caughtUpAt.some((n) => n > 0 && n < pushed.length)).toBe(true);
      // Nothing skipped, nothing invented, nothing delivered twice (each row was created once and never changed).
      expect(delivered.size).toBe(pushed.length);
      expect([...delivered.keys()].sort()).toEqual([...pushed].sort());
      expect([...delivered.values()].every((n) => n === 1)).toBe(true);
      expect(seqOf(cursor)).toBe(pushed.length);

      // What makes the above hold: the firm's change numbers are gap-free (1..N), each row logged once, and
      // the counter agrees. A plain sequence would also give 1..N but could commit them out of order; the
      // reader's "exactly once" above is what catches that.
      const log = await t.app.db
        .selectFrom('change_log')
        .select(['seq', 'row_id'])
        .where('company_id', '=', t.providerId)
        .orderBy('seq')
        .execute();
      expect(log.map((l) => Number(l.seq))).toEqual(Array.from({ length: pushed.length }, (_, i) => i + 1));
      expect(new Set(log.map((l) => l.row_id)).size).toBe(pushed.length);
      const state = await t.app.db
        .selectFrom('sync_state')
        .select('last_seq')
        .where('company_id', '=', t.providerId)
        .executeTakeFirstOrThrow();
      expect(Number(state.last_seq)).toBe(pushed.length);
    }, 90_000);
  },
);
