import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG_PAGE_INVALID } from '@lawfirm/shared-types';
import { adminBearer, createTestApp, describeEachDb, type TestApp } from './helper.ts';

/** Numbers no client sends: past any page, past a safe integer, past PostgreSQL's integer types. */
const ABSURD = [
  '1e300',
  '-1e300',
  '99999999999999999999',
  '9007199254740993',
  '2147483648',
  'Infinity',
  '1e999',
];

describeEachDb('absurd numbers in paging and number parameters', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminBearer(t);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

  it('refuses a page past any list with a message, and still reads junk as page 1', async () => {
    for (const list of ['/api/petitions', '/api/users', '/api/mail_outbox'])
      for (const page of ['1e300', '99999999999999999999', 'Infinity', '-1e300', '1000001']) {
        const r = await get(`${list}?page=${page}`);
        expect(r.statusCode, `${list}?page=${page}`).toBe(422);
        expect(r.json().message).toBe(MSG_PAGE_INVALID);
      }
    for (const list of ['/api/petitions', '/api/users', '/api/mail_outbox'])
      for (const page of ['abc', '0', '-2', '2.5', '']) {
        const r = await get(`${list}?page=${page}`);
        expect(r.statusCode, `${list}?page=${page}`).toBe(200);
        expect(JSON.stringify(r.json())).toContain('"current_page":1');
      }
  });

  it('answers 4xx with a message, never 500, to absurd numbers in every number parameter', async () => {
    const urls = ABSURD.flatMap((n) => [
      `/api/petitions?year=${n}`,
      `/api/petitions?page=${n}&year=${n}&court_id=${n}`,
      `/api/users?is_approved=${n}&role_id=${n}`,
      `/api/module_types?module_id=${n}`,
      `/sync/pull?clientId=fuzz-client-1&pendingFrom=${n}`,
      `/sync/pull?clientId=fuzz-client-1&limit=${n}`,
      `/sync/pull?clientId=fuzz-client-1&cursor=c:${n}`,
      `/sync/pull?clientId=fuzz-client-1&cursor=p:${n}:petitions::`,
      `/sync/pull?clientId=fuzz-client-1&cursor=s:${n}:${n}:`,
      `/api/get_lawyer_total_petitions?lawyer_id=${n}`,
      `/api/get_petition?petition_id=${n}`,
    ]);
    for (const url of urls) {
      const r = await get(url);
      expect(r.statusCode, url).toBeLessThan(500);
      if (r.statusCode >= 400) expect(typeof r.json().message, url).toBe('string');
    }
    // Digits alone that overflow every integer type: a cursor is refused rather than sent to the database.
    const big = '9'.repeat(30);
    for (const cursor of [`c:${big}`, `p:${big}:petitions::`, `s:${big}:1:`, `s:1:${big}:`]) {
      const r = await get(`/sync/pull?clientId=fuzz-client-1&cursor=${cursor}`);
      expect(r.statusCode, cursor).toBeLessThan(500);
    }
  });

  it('answers absurd numbers in bodies 4xx with a message', async () => {
    const petition = await t.app.inject({
      method: 'POST',
      url: '/api/petitions',
      headers: admin,
      payload: { case_no: '1', title: 'x' },
    });
    const petitionId = petition.json<{ petition_id: string }>().petition_id;
    const bodies: [string, Record<string, unknown>][] = [];
    for (const n of [...ABSURD, 1e300, -1e300, 2 ** 53 + 2, 2 ** 31])
      bodies.push(
        ['/api/petitions', { case_no: '1', title: 'x', year: n }],
        ['/api/petitions_index', { petition_id: petitionId, document_description: 'x', display_order: n }],
        ['/api/courts', { title: `Court ${String(n)}`, display_order: n }],
        ['/api/module_types', { title: 'x', module_id: n, display_order: n }],
        [
          '/api/petitions_index/update_display_order',
          { petitions_index: [{ id: petitionId, display_order: n }] },
        ],
        ['/sync/push', { clientId: 'fuzz-client-1', mutations: [{ id: n, name: 'put', args: {} }] }],
      );
    for (const [url, payload] of bodies) {
      const r = await t.app.inject({ method: 'POST', url, headers: admin, payload });
      expect(r.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
      if (r.statusCode >= 400) expect(typeof r.json().message).toBe('string');
    }
  });
});
