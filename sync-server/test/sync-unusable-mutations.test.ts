import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  MAX_MUTATION_ID,
  MSG_MUTATION_DEPTH,
  MSG_MUTATION_ID,
  MSG_MUTATION_SIZE,
  type TPullResponse,
  type TPushResponse,
} from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { adminBearer, createTestApp, describeEachDb, type TestApp } from './helper.ts';

/**
 * A mutation that can never apply (nested too deeply, too large, an id out of bounds) is refused with a reason
 * and does not stall the device's queue, nor make it skip its later mutations (issue 9 item 10).
 */
describeEachDb('sync push: mutations that can never apply', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminBearer(t);
  });
  afterAll(() => t.close());

  /** A link as a device creates it, as JSON text (`values` may be replaced by raw JSON). */
  const putLink = (id: number | string, title: string, values?: string) =>
    `{"id":${id},"name":"put","args":{"entity":"links","id":"${newId()}","values":${
      values ?? JSON.stringify({ title, url: 'https://example.pk' })
    }}}`;
  const push = async (clientId: string, mutations: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sync/push',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"clientId":"${clientId}","mutations":[${mutations.join(',')}]}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TPushResponse>();
  };
  const titles = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/links', headers: admin }))
      .json<{ links: { title: string }[] }>()
      .links.map((l) => l.title);

  it('a mutation nested 5,000 levels deep is refused, advances the id, and the next ones apply', async () => {
    const clientId = `dev-${newId()}`;
    const deep = `{"title":${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)},"url":"https://example.pk"}`;
    const first = await push(clientId, [putLink(1, 'unused', deep), putLink(2, 'After deep')]);
    expect(first).toEqual({
      lastMutationId: 2,
      results: [
        { id: 1, status: 'rejected', message: MSG_MUTATION_DEPTH },
        { id: 2, status: 'applied' },
      ],
    });
    expect(await titles()).toContain('After deep');
    // A device that lost the answer learns the refusal from its next pull.
    const pulled = await t.app.inject({
      method: 'GET',
      url: '/sync/pull',
      headers: admin,
      query: { clientId, cursor: '', pendingFrom: '1', limit: '1' },
    });
    expect(pulled.json<TPullResponse>().results[0]).toEqual({
      id: 1,
      status: 'rejected',
      message: MSG_MUTATION_DEPTH,
    });
    // Sent again (a retry), it is an id already seen.
    expect((await push(clientId, [putLink(1, 'unused', deep)])).lastMutationId).toBe(2);
  });

  it('a mutation larger than the bound is refused and advances the id', async () => {
    const clientId = `dev-${newId()}`;
    const big = JSON.stringify({
      title: 'Big',
      url: 'https://example.pk',
      description: 'x'.repeat(1_100_000),
    });
    const r = await push(clientId, [putLink(1, 'unused', big), putLink(2, 'After big')]);
    expect(r.results).toEqual([
      { id: 1, status: 'rejected', message: MSG_MUTATION_SIZE },
      { id: 2, status: 'applied' },
    ]);
    expect(r.lastMutationId).toBe(2);
  });

  it('an id of 2^53−1 (or beyond) is refused and the device’s later mutations still apply', async () => {
    const clientId = `dev-${newId()}`;
    const r = await push(clientId, [
      putLink(1, 'Before the bad id'),
      putLink(2 ** 53 - 1, 'Never'),
      putLink('1e20', 'Never either'),
      putLink(2, 'Next to the bad id'),
    ]);
    expect(r.lastMutationId).toBe(2);
    expect(r.results).toEqual(
      expect.arrayContaining([
        { id: 2 ** 53 - 1, status: 'rejected', message: MSG_MUTATION_ID },
        { id: 1e20, status: 'rejected', message: MSG_MUTATION_ID },
        { id: 1, status: 'applied' },
        { id: 2, status: 'applied' },
      ]),
    );
    const later = await push(clientId, [putLink(3, 'Later one'), putLink(MAX_MUTATION_ID + 1, 'Never')]);
    expect(later.lastMutationId).toBe(3);
    expect(later.results).toContainEqual({ id: 3, status: 'applied' });
    const all = await titles();
    expect(all).toEqual(expect.arrayContaining(['Before the bad id', 'Next to the bad id', 'Later one']));
    expect(all).not.toContain('Never');
    expect(all).not.toContain('Never either');
  });
});
