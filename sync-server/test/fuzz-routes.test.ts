import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as shared from '@lawfirm/shared-types';
import { caseFirm, PDF_SMALL, PNG_1PX, type CaseFirm } from './case-files-helpers.ts';
import { connectionInodes, descriptors, sendRaw, socketsIn } from './raw-http.ts';

/**
 * Generated bad input over every route the app serves (enumerated from Fastify itself), signed in as an admin
 * and anonymous: bad JSON, wrong types, huge numbers, NUL bytes, malformed multipart, wrong content types, odd
 * paths and query strings. A fixed seed makes every run send the same requests. No answer may be a 500, and
 * every 4xx answer carries a `message` a client can show (a page made for browsers: a title that says why).
 */

const SEED = 20_250_901;
const REQUESTS = 10_000;

/** mulberry32: a small seeded PRNG, so a failure found here is found again on the next run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

type Route = { method: string; url: string };

/** Every method and path of the app, read back from printRoutes' tree (a child's path extends its parent's). */
function routesOf(app: FastifyInstance): Route[] {
  const out: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack.length = depth;
    stack.push(path);
    for (const method of m[3]?.split(', ') ?? []) out.push({ method, url: path });
  }
  return out;
}

/**
 * Every field name of the API's request and answer schemas (shared-types and the server's *.types.ts), so generated
 * bodies reach the checks behind them.
 */
async function fieldNames(): Promise<string[]> {
  const names = new Set(['clientId', 'mutations', 'id', 'sha256', 'size', 'filename', 'files[0]', 'email']);
  const src = join(import.meta.dirname, '../src');
  const serverTypes = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((p) =>
    p.endsWith('.types.ts'),
  );
  const modules = [
    shared,
    ...(await Promise.all(serverTypes.map((p) => import(join(src, p)) as Promise<object>))),
  ];
  for (const m of modules)
    for (const v of Object.values(m))
      if (v instanceof z.ZodObject) for (const k of Object.keys(v.shape)) names.add(k);
  return [...names];
}

const HUGE = ['1e300', '-1e300', '99999999999999999999', '9007199254740993', 'Infinity', '-Infinity', 'NaN'];
const ODD_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '0x1f',
  '-0',
  'abc',
  'null',
  'undefined',
  'true',
  '[object Object]',
  'a\u0000b',
  '\u0000',
  "' OR 1=1 --",
  '../../etc/passwd',
  'مقدمہ نمبر 123/2024',
  '😀',
  '\ud800',
  '2024-13-45',
  '31/02/2024',
  'x'.repeat(3000),
  ...HUGE,
];
const NUMBERS = [
  0,
  -1,
  1.5,
  1e300,
  -1e300,
  2 ** 53 - 1,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  1e-300,
  2 ** 31,
  -(2 ** 63),
];
/** The number parameters (paging, filters, sync cursors), which get absurd numbers more often. */
const NUMBER_KEYS = ['page', 'year', 'cursor', 'is_approved', 'limit', 'pendingFrom', 'module_id'];
const CURSORS = [
  `c:${'9'.repeat(25)}`,
  `p:${'9'.repeat(25)}:petitions::`,
  `s:1:${'9'.repeat(25)}:`,
  'c:1e300',
];
const QUERY_KEYS = [
  'page',
  'cursor',
  'clientId',
  'year',
  'case_no',
  'court_id',
  'petition_id',
  'company_id',
  'id',
  'name',
  'email',
  'role_id',
  'is_approved',
  'archived',
  'force_all_records',
  'query_from_calendar_page',
  'pending_tag',
  'search',
  'limit',
  'offset',
  'token',
  'expires',
  'signature',
  'sig',
];

/** An arbitrary JSON value, mostly of the wrong kind for whatever field it lands in. */
function jsonValue(r: Rng, ids: string[], depth = 0): unknown {
  switch (r.int(depth > 2 ? 4 : 7)) {
    case 0:
      return r.pick(ODD_TEXT);
    case 1:
      return r.pick(NUMBERS);
    case 2:
      return r.pick([null, true, false, r.pick(ids)]);
    case 3:
      return r.pick(ids);
    case 4:
      return Array.from({ length: r.int(4) }, () => jsonValue(r, ids, depth + 1));
    case 5:
      return jsonObject(r, ids, depth + 1);
    default:
      return { id: r.pick(ids), name: r.pick(ODD_TEXT), user: { name: jsonValue(r, ids, depth + 1) } };
  }
}

function jsonObject(r: Rng, ids: string[], depth = 0): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (let i = r.int(8); i > 0; i--) o[r.pick(NAMES)] = jsonValue(r, ids, depth);
  return o;
}

let NAMES: string[] = [];
let ID_NAMES: string[] = [];

/** A push of mutations with ids and arguments a device would never send. */
function pushBody(r: Rng, ids: string[]) {
  const entity = r.pick(['petitions', 'courts', 'users', 'attachments', 'settings', 'links', 'nope', '']);
  return {
    clientId: r.pick(['fuzz-client', '', 'x'.repeat(500), 'a\u0000b', 42]),
    mutations: Array.from({ length: r.int(4) }, () => ({
      id: r.pick([1, 2, 3, 2 ** 53 - 1, 2 ** 53, -1, 1.5, 1e300, '1', null]),
      name: r.pick(['put', 'delete', 'patch', 'nope', '', 7]),
      args: r.chance(0.5)
        ? { entity, id: r.pick(ids), values: jsonObject(r, ids), base: jsonObject(r, ids) }
        : jsonValue(r, ids),
    })),
  };
}

const BOUNDARY = 'fuzzBoundary1234';

/** A multipart body, well formed or not, with or without file parts. */
function multipartBody(r: Rng, ids: string[]): { contentType: string; payload: Buffer | string } {
  const kind = r.int(8);
  const fields = Object.entries(jsonObject(r, ids)).map(
    ([k, v]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
  );
  const file = (name: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${r.pick(['a.png', 'b.pdf', 'c.docx', '', '../x.xml', 'a\u0000.pdf'])}"\r\nContent-Type: ${r.pick(['image/png', 'application/pdf', 'text/html'])}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    ]);
  const end = `--${BOUNDARY}--\r\n`;
  const ct = `multipart/form-data; boundary=${BOUNDARY}`;
  switch (kind) {
    case 0:
      return { contentType: 'multipart/form-data', payload: fields.join('') + end };
    case 1:
      return { contentType: 'multipart/form-data; boundary=', payload: '--\r\n\r\n' };
    case 2:
      return { contentType: ct, payload: fields.join('') };
    case 3:
      return { contentType: ct, payload: `--${BOUNDARY}\r\nno headers here\r\n\r\nx\r\n${end}` };
    case 4:
      return {
        contentType: ct,
        payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${r.pick(['__proto__', 'constructor', 'toString'])}"\r\n\r\n1\r\n${end}`,
      };
    case 5:
      return {
        contentType: ct,
        payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="j"\r\nContent-Type: application/json\r\n\r\n{not json\r\n${end}`,
      };
    default: {
      const files = Array.from({ length: 1 + r.int(3) }, (_, i) =>
        file(
          r.pick([`files[${i}]`, 'file', 'other']),
          r.pick([PNG_1PX, PDF_SMALL, Buffer.alloc(0), Buffer.from('<html><script>x</script></html>')]),
        ),
      );
      return { contentType: ct, payload: Buffer.concat([...files, Buffer.from(fields.join('') + end)]) };
    }
  }
}

/** The body and its content type: mostly bad, sometimes plausible. */
function body(r: Rng, route: Route, ids: string[]): Pick<InjectOptions, 'payload' | 'headers'> {
  const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });
  switch (r.int(12)) {
    case 0:
      return json(JSON.stringify(route.url.startsWith('/sync/push') ? pushBody(r, ids) : jsonObject(r, ids)));
    case 1:
      // Every id field with a real id, so the call gets past its schema to the handler.
      return json(JSON.stringify(Object.fromEntries(ID_NAMES.map((k) => [k, r.pick(ids)]))));
    case 2:
      return json(
        r.pick(['{', '[1,2', '{"a":}', '', 'null', '"text"', '1e999', '\ufeff{}', '{"a":"\u0000"}']),
      );
    case 3:
      return json(`${'['.repeat(3000)}${']'.repeat(3000)}`);
    case 4:
      return json(
        JSON.stringify({ ...pushBody(r, ids), mutations: [{ id: 1, name: 'put', args: deep(3000) }] }),
      );
    case 5:
    case 6: {
      const m = multipartBody(r, ids);
      return { payload: m.payload, headers: { 'content-type': m.contentType } };
    }
    case 7:
      return {
        payload: r.pick([
          'a=1&b[]=2&__proto__[x]=1&constructor[prototype][x]=1',
          `email=${enc(r.pick(ODD_TEXT))}&page=1e300`,
          '%%%&=&&=',
        ]),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    case 8:
      return {
        payload: Buffer.from(Array.from({ length: r.int(200) }, () => r.int(256))),
        headers: {
          'content-type': r.pick([
            'text/plain',
            'application/xml',
            'application/octet-stream',
            'application/offset+octet-stream',
            'application/json; charset=utf-16',
            'APPLICATION/JSON',
            'application/json, text/html',
            'image/png',
            '*/*',
            ';;;',
          ]),
          'upload-offset': r.pick(['0', '-1', '1e300', 'abc', '99999999999']),
        },
      };
    case 9:
      return { payload: JSON.stringify(jsonObject(r, ids)), headers: {} };
    default:
      return {};
  }
}

function deep(n: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

/** A path parameter: a real id, or something no route expects there. */
function param(r: Rng, ids: string[]): string {
  return r.chance(0.4)
    ? r.pick(ids)
    : r.pick([
        '%00',
        'a%00b',
        '%FF',
        '%E0%A4%A',
        '..',
        '%2e%2e%2f%2e%2e',
        'x'.repeat(250),
        '0',
        '-1',
        '1e300',
        'null',
        encodeURIComponent('مقدمہ'),
        '%20',
        '00000000-0000-0000-0000-000000000000',
        'a'.repeat(64),
        'App%5CModels%5CPetitionIndex',
        'PetitionIndex',
        'avatar.png',
      ]);
}

/** Percent-encoded; a lone surrogate (which has no UTF-8) goes as the bytes of one, which no decoder takes. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}

function query(r: Rng, ids: string[]): string {
  const parts: string[] = [];
  // Half the time some of the number parameters, each with an absurd number (a sync cursor with one inside).
  if (r.chance(0.5)) {
    for (const key of NUMBER_KEYS)
      if (r.chance(0.4)) parts.push(`${key}=${enc(r.pick(key === 'cursor' ? CURSORS : HUGE))}`);
    return parts.length ? `?${parts.join('&')}` : '';
  }
  for (let i = r.int(5); i > 0; i--) {
    const key = r.chance(0.4) ? r.pick(NUMBER_KEYS) : r.chance(0.8) ? r.pick(QUERY_KEYS) : r.pick(NAMES);
    const value = r.chance(0.3) ? r.pick(ids) : r.pick(ODD_TEXT);
    const shape = r.int(4);
    if (shape === 0) parts.push(`${key}[]=${enc(value)}`);
    else if (shape === 1) parts.push(`${key}[a]=${enc(value)}&${key}=${enc(value)}`);
    else parts.push(`${enc(key)}=${enc(value)}`);
  }
  if (r.chance(0.05)) parts.push(r.pick(['%', '%%', '&&&', '=', 'a=%zz', 'page=%00']));
  return parts.length ? `?${parts.join('&')}` : '';
}

describe('generated bad input over every route [sqlite]', () => {
  let f: CaseFirm;
  let routes: Route[];
  let ids: string[];
  beforeAll(async () => {
    NAMES = await fieldNames();
    ID_NAMES = NAMES.filter((n) => n === 'id' || n.endsWith('_id'));
    f = await caseFirm('sqlite');
    const petitionId = await f.petition();
    const index = await f.call('POST', '/api/petitions_index', f.admin, {
      petition_id: petitionId,
      document_description: 'Writ',
    });
    const court = await f.court();
    const users = (await f.call('GET', '/api/users', f.admin)).json<{ users: { data: { id: string }[] } }>();
    const me = (await f.call('GET', '/api/user', f.admin)).json<{ id: string }>();
    ids = [
      petitionId,
      index.json<{ petition_index: { id: string } }>().petition_index.id,
      court.id,
      f.clientId,
      f.lawyerId,
      // Never the admin's own id: a fuzzed edit of the admin would end the session the fuzz runs with.
      ...users.users.data.map((u) => u.id).filter((id) => id !== me.id),
    ];
    routes = routesOf(f.t.app);
  });
  afterAll(() => f.t.close());

  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/login' });
    expect(routes).toContainEqual({ method: 'PATCH', url: '/uploads/:id' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/petitions_index/:id' });
  });

  it(
    `answers ${REQUESTS} generated requests with no 500 and a message on every 4xx`,
    { timeout: 120_000 },
    async () => {
      const r = prng(SEED);
      const failures = new Map<string, string>();
      let sent = 0;
      const pdfReads: Record<string, number> = {};
      while (sent < REQUESTS) {
        const route = r.pick(routes);
        const admin = r.chance(0.6);
        // An event stream never ends, and signing out would end the session every other request uses.
        if (admin && (route.url === '/sync/events' || route.url.endsWith('/logout'))) continue;
        // A PDF is built for every signed-in read: a few dozen per route keep the run short.
        if (
          admin &&
          route.url.startsWith('/api/pdf/') &&
          (pdfReads[route.url] = (pdfReads[route.url] ?? 0) + 1) > 30
        )
          continue;
        let url = route.url.replace(/:[A-Za-z_]+/g, () => param(r, ids));
        if (r.chance(0.05))
          url = r.pick([`${url}/`, `/${url}`, `${url}//x`, url.toUpperCase(), `${url}%00`, `${url};a`]);
        url += query(r, ids);
        const method = (
          r.chance(0.05) ? r.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) : route.method
        ) as InjectOptions['method'];
        const b = method === 'GET' || method === 'HEAD' ? {} : body(r, route, ids);
        const authorization = admin
          ? f.admin.authorization
          : r.pick([
              undefined,
              undefined,
              'Bearer null',
              'Bearer x.y.z',
              'Basic abc',
              `Bearer ${'a'.repeat(5000)}`,
            ]);
        const res = await f.t.app.inject({
          method,
          url,
          payload: b.payload,
          headers: { ...b.headers, ...(authorization ? { authorization } : {}) },
        });
        sent++;
        const key = `${method} ${route.url} ${res.statusCode}`;
        if (res.statusCode >= 500)
          failures.set(key, `${url} ${String(b.headers?.['content-type'])} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400 && method !== 'HEAD') {
          let message: unknown;
          try {
            message = res.json<{ message?: unknown }>().message;
          } catch {
            // A page made for browsers (the public preview) answers its 404 as a page whose title says why.
            const html = String(res.headers['content-type']).startsWith('text/html');
            message = html ? /<title>([^<]+)<\/title>/.exec(res.body)?.[1] : undefined;
          }
          if (typeof message !== 'string')
            failures.set(`${key} (no message)`, `${url} ${res.body.slice(0, 200)}`);
        }
      }
      console.log(
        `route fuzz: ${sent} requests over ${routes.length} routes, seed ${SEED}, ${failures.size} failing kinds`,
      );
      for (const [k, v] of failures) console.log(`  ${k}: ${v}`);
      expect([...failures.keys()]).toEqual([]);
      // No refused or broken upload left a temporary file; only resumable uploads still open keep theirs.
      const open = (await f.t.app.db.selectFrom('uploads').select('id').execute()).map((u) => `${u.id}.part`);
      const tmp = join(f.t.config.dataDir, 'uploads-tmp');
      expect((existsSync(tmp) ? readdirSync(tmp) : []).filter((name) => !open.includes(name))).toEqual([]);
    },
  );
});

/** The calls that take an upload: every one with file parts (`config.files`), and the resumable uploads. */
const UPLOAD_ROUTES: Route[] = [
  { method: 'POST', url: '/api/attachments' },
  { method: 'POST', url: '/api/upload_user_image' },
  { method: 'POST', url: '/api/general_case_laws' },
  { method: 'POST', url: '/api/contracts_and_agreements' },
  { method: 'POST', url: '/api/sample_pleadings' },
  { method: 'POST', url: '/uploads' },
  { method: 'PATCH', url: '/uploads/:id' },
];
/** How a generated body goes: whole but cut, announced longer and held open or dropped, or trickled. */
const MODES = ['exact', 'held', 'closed', 'slow-held', 'slow-closed'] as const;

describe('generated truncated and slow bodies over real sockets to the upload calls [sqlite]', () => {
  /** The server's request timeout here (a minute in production), and how late an answer due then may come. */
  const TIMEOUT_MS = 1000;
  const SLACK_MS = 1000;
  const CASES = 160;
  const AT_ONCE = 16;
  let f: CaseFirm;
  let port: number;
  let uploadId: string;
  beforeAll(async () => {
    f = await caseFirm('sqlite', { requestTimeoutMs: TIMEOUT_MS });
    await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (f.t.app.server.address() as AddressInfo).port;
    const started = await f.call('POST', '/uploads', f.admin, {
      sha256: randomBytes(32).toString('hex'),
      size: 4_000_000,
      filename: 'scan.pdf',
    });
    uploadId = started.json<{ id: string }>().id;
  });
  afterAll(() => f.t.close());

  it(
    `answers ${CASES} cut, held, dropped and trickled bodies within the request timeout, never 5xx, leaving nothing`,
    { timeout: 120_000 },
    async () => {
      const r = prng(SEED + 1);
      const me = (await f.call('GET', '/api/user', f.admin)).json<{ id: string }>();
      const fdsBefore = descriptors().length;
      const failures: string[] = [];
      const one = async () => {
        const route = r.pick(UPLOAD_ROUTES);
        const path = route.url.replace(':id', uploadId);
        const who = r.pick(['admin', 'lawyer', 'student', 'client', 'none', 'forged'] as const);
        const auth =
          who === 'none'
            ? {}
            : who === 'forged'
              ? { authorization: 'Bearer x.y.z' }
              : { admin: f.admin, lawyer: f.lawyer, student: f.student, client: f.client }[who];
        const raw = route.method === 'PATCH' && r.chance(0.5);
        let full: Buffer;
        let contentType: string;
        if (raw) {
          full = Buffer.alloc(r.pick([10, 1000, 15_000, 300_000]), 0x25);
          contentType = 'application/offset+octet-stream';
        } else {
          const filler = Buffer.alloc(r.pick([0, 500, 14_000, 300_000]), 0x41);
          const file = (i: number, data: Buffer) =>
            Buffer.concat([
              Buffer.from(
                `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files[${i}]"; filename="f${i}.${r.pick(['png', 'pdf'])}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
              ),
              data,
              filler,
              Buffer.from('\r\n'),
            ]);
          full = Buffer.concat([
            Buffer.from(
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachmentable_id"\r\n\r\n${r.pick([me.id, f.clientId, 'x'])}\r\n`,
            ),
            ...Array.from({ length: 1 + r.int(2) }, (_, i) => file(i, r.pick([PNG_1PX, PDF_SMALL]))),
            Buffer.from(`--${BOUNDARY}--\r\n`),
          ]);
          contentType = `multipart/form-data; boundary=${BOUNDARY}`;
        }
        // Cut anywhere (a raw chunk whole would be a real one: it is always announced longer).
        let mode = r.pick(MODES);
        if (raw && mode === 'exact') mode = 'held';
        const body = full.subarray(0, 1 + r.int(full.length - 1));
        const a = await sendRaw(
          port,
          {
            method: route.method,
            path,
            headers: { ...auth, 'Content-Type': contentType, 'Upload-Offset': '0' },
            body,
            declared: mode === 'exact' ? body.length : full.length,
          },
          mode === 'exact' ? 'answer' : mode.endsWith('closed') ? 'close' : 'hold',
          {
            waitMs: TIMEOUT_MS + SLACK_MS + 2000,
            // A trickle that outlasts the timeout: 20 pieces, 100 ms apart.
            ...(mode.startsWith('slow') ? { everyMs: 100, chunk: Math.ceil(body.length / 20) } : {}),
          },
        );
        const what = `${route.method} ${route.url} as ${who}, ${mode}, ${body.length} of ${full.length} bytes`;
        if (mode.endsWith('closed')) return;
        if (a.status === null) failures.push(`${what}: no answer within ${TIMEOUT_MS + SLACK_MS + 2000} ms`);
        else if (a.status >= 500) failures.push(`${what}: ${a.status} ${a.message}`);
        else if (a.ms > TIMEOUT_MS + SLACK_MS)
          failures.push(`${what}: answered after ${Math.round(a.ms)} ms`);
        else if (a.status >= 400 && typeof a.message !== 'string')
          failures.push(`${what}: ${a.status} without a message`);
      };
      for (let sent = 0; sent < CASES; sent += AT_ONCE)
        await Promise.all(Array.from({ length: Math.min(AT_ONCE, CASES - sent) }, one));
      for (const failure of failures) console.log(`  ${failure}`);
      expect(failures).toEqual([]);

      // Nothing of them is left: no temporary file (but the open uploads' own), no connection, no descriptor.
      const open = (await f.t.app.db.selectFrom('uploads').select('id').execute()).map((u) => `${u.id}.part`);
      const tmp = join(f.t.config.dataDir, 'uploads-tmp');
      await vi.waitFor(
        () => {
          expect(readdirSync(tmp).filter((name) => !open.includes(name))).toEqual([]);
          const fds = descriptors();
          expect(socketsIn(fds, connectionInodes(port))).toEqual([]);
          expect(fds.length).toBeLessThanOrEqual(fdsBefore);
        },
        { timeout: 5000, interval: 100 },
      );
    },
  );
});
