import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { precompressDir } from '../../scripts/build/precompress.ts';
import { COMPRESS_THRESHOLD } from '../src/http/compression.ts';
import { attachUploadedFile } from './attach-file.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { createTestApp, describeEachDb } from './helper.ts';

const CHROME = 'gzip, deflate, br, zstd';

/** The body as the client reads it: decoded by its Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const enc = res.headers['content-encoding'];
  const raw = res.rawPayload;
  if (enc === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (enc === 'gzip') return gunzipSync(raw).toString('utf8');
  expect(enc).toBeUndefined();
  return raw.toString('utf8');
}

/**
 * An answer as JSON, its signed PDF links without their signature: a link is signed for ten minutes from the
 * moment its answer was made, so two answers made a second apart differ there and nowhere else.
 */
const unsigned = (body: string): unknown => JSON.parse(body.replace(/\?sig=[^"]*/g, '?sig=…'));

const vary = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').toLowerCase();

/** A PWA build as `vite build` leaves it, precompressed by the build's own step. */
function fakeBuild(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lf-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'icons'));
  const script = Array.from(
    { length: 200 },
    (_, i) =>
      `export const screen${i} = () => render("Case file ${i}", { hearing: "2026-0${(i % 9) + 1}-01" });`,
  ).join('\n');
  writeFileSync(join(dir, 'assets', 'app-3f2a.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny-77aa.js'), 'export const a = 1;');
  writeFileSync(join(dir, 'icons', 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  const shell = (body: string) =>
    `<!doctype html><html lang="en"><head><title>shell</title><script type="module" src="/assets/app-3f2a.js"></script></head><body><div id="root">${body}</div>${'<!-- padding -->'.repeat(80)}</body></html>`;
  writeFileSync(join(dir, 'index.html'), shell(''));
  mkdirSync(join(dir, 'pages'));
  writeFileSync(
    join(dir, 'pages', 'index.html'),
    shell('<h1>Your case files, in court and in the office</h1>'),
  );
  writeFileSync(join(dir, 'pages', 'login.html'), shell('<h1>Welcome Back</h1>'));
  // What the build's prerender step writes from the app's route table.
  writeFileSync(
    join(dir, 'pages', 'app-paths.json'),
    JSON.stringify([
      '/',
      '/login',
      '/sign-up',
      '/dashboard',
      '/petitions/:id',
      '/petition-order-sheet-index/:petition_id/:item_id?',
      '/404',
    ]),
  );
  return { dir, script };
}

describe('precompressed static files', () => {
  let build: ReturnType<typeof fakeBuild>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    build = fakeBuild();
    await precompressDir(build.dir);
    t = await createTestApp('sqlite', { pwaDistDir: build.dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(build.dir, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('writes brotli and gzip copies beside text files over 1 KB only', () => {
    const made = (f: string) => {
      try {
        readFileSync(join(build.dir, f));
        return true;
      } catch {
        return false;
      }
    };
    expect(made('assets/app-3f2a.js.br')).toBe(true);
    expect(made('assets/app-3f2a.js.gz')).toBe(true);
    expect(made('index.html.br')).toBe(true);
    expect(made('assets/tiny-77aa.js.br')).toBe(false);
    expect(made('icons/icon.png.br')).toBe(false);
  });

  it('sends the brotli copy to a browser that accepts br, gzip to one that accepts only gzip, raw otherwise', async () => {
    const br = await get('/assets/app-3f2a.js', CHROME);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(vary(br)).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(build.script.length / 4);
    expect(decoded(br)).toBe(build.script);

    const gz = await get('/assets/app-3f2a.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(vary(gz)).toContain('accept-encoding');
    expect(decoded(gz)).toBe(build.script);

    for (const none of [undefined, 'identity']) {
      const raw = await get('/assets/app-3f2a.js', none);
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(vary(raw)).toContain('accept-encoding');
      expect(raw.body).toBe(build.script);
    }
  });

  it('sends a file without a copy as it is, and a Range of the raw file', async () => {
    const tiny = await get('/assets/tiny-77aa.js', CHROME);
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export const a = 1;');
    const part = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f2a.js',
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 0-9/${build.script.length}`);
    expect(part.body).toBe(build.script.slice(0, 10));
  });

  it('prefers br when the browser weighs both the same, and follows its q-values otherwise', async () => {
    expect((await get('/assets/app-3f2a.js', 'gzip, br')).headers['content-encoding']).toBe('br');
    expect((await get('/assets/app-3f2a.js', 'br;q=0.5, gzip;q=1')).headers['content-encoding']).toBe('gzip');
  });

  it('sends the prerendered pages for their paths and the shell for app routes, all compressed', async () => {
    const landing = await get('/', CHROME);
    expect(landing.headers['content-encoding']).toBe('br');
    expect(landing.headers['content-type']).toMatch(/^text\/html/);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(decoded(landing)).toContain('<h1>Your case files, in court and in the office</h1>');
    expect(decoded(await get('/login?redirect=%2Fpetitions', 'gzip'))).toContain('<h1>Welcome Back</h1>');
    for (const url of ['/petitions/123', '/sign-up', '/index', '/dashboard']) {
      const app = await get(url, 'gzip');
      expect(app.headers['content-encoding'], url).toBe('gzip');
      expect(decoded(app), url).toContain('<div id="root"></div>');
    }
  });

  it('answers 404 with the app shell (which says so) for a path that is none of the app’s screens', async () => {
    for (const url of [
      '/dashboard',
      '/Dashboard/',
      '/petitions/123',
      '/petition-order-sheet-index/1',
      '/petition-order-sheet-index/1/2',
      '/404',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    for (const url of ['/no-such-page', '/petitions', '/petitions/1/2', '/dashboard/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('answers 404 for a missing script or a copy asked for by name, never the app shell', async () => {
    for (const url of ['/assets/app-0000.js', '/assets/app-3f2a.js.br', '/index.html.gz', '/gone.css']) {
      const res = await get(url, CHROME);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<title>shell</title>');
    }
    const missing = await get('/assets/app-0000.js');
    expect(missing.json<{ message: string }>().message).toContain('not found');
  });
});

describe('robots.txt and sitemap.xml', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  afterAll(() => t.close());

  it('lists the public pages on PUBLIC_URL, as text and XML, not as the app', async () => {
    t = await createTestApp('sqlite', { publicUrl: 'https://cases.firm.pk' });
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    expect(robots.body).toMatch(/^Disallow: \/api\/$/m);
    expect(robots.body).toMatch(/^Disallow: \/sync\/$/m);
    expect(robots.body).toMatch(/^Sitemap: https:\/\/cases\.firm\.pk\/sitemap\.xml$/m);

    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org/,
    );
    const locs = [...sitemap.body.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://cases.firm.pk/',
        'https://cases.firm.pk/login',
        'https://cases.firm.pk/sign-up',
        'https://cases.firm.pk/limitation-calculator',
      ]),
    );
    expect(locs.some((l) => /dashboard|petitions|reset-password/.test(l!))).toBe(false);
  });
});

describeEachDb('compressed API answers', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
    for (let i = 0; i < 8; i++)
      await f.petition({ title: `Compressed v. Answer ${i}`, case_no: `${100 + i}` });
  });
  afterAll(() => f.t.close());

  const get = (url: string, auth: Auth, acceptEncoding?: string) =>
    f.t.app.inject({
      method: 'GET',
      url,
      headers: { ...auth, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('compresses a REST list per request: kept answers are never sent in another client’s encoding', async () => {
    const url = '/api/petitions?page=1';
    const plain = await get(url, f.admin);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.body).toContain('Compressed v. Answer 7');
    // Plain, br, gzip, plain, br again: the answer cache keeps one body, each request gets its own encoding.
    for (const enc of [CHROME, 'gzip', undefined, 'br', 'gzip;q=0, br']) {
      const res = await get(url, f.admin, enc);
      expect(res.statusCode).toBe(200);
      const want = enc === undefined ? undefined : enc === 'gzip' ? 'gzip' : 'br';
      expect(res.headers['content-encoding'], String(enc)).toBe(want);
      if (want) expect(vary(res)).toContain('accept-encoding');
      expect(res.headers['content-type']).toBe(plain.headers['content-type']);
      expect(unsigned(decoded(res))).toEqual(unsigned(plain.body));
    }
  });

  it('compresses the sync pull', async () => {
    const url = '/sync/pull?clientId=compress-device-1&cursor=';
    const plain = await get(url, f.admin);
    expect(plain.statusCode, plain.body.slice(0, 200)).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ changes: unknown[] }>().changes.length).toBeGreaterThan(10);
    for (const [enc, want] of [
      [CHROME, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(url, f.admin, enc);
      expect(res.headers['content-encoding']).toBe(want);
      expect(vary(res)).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
    }
  });

  it('leaves answers under 1 KB as they are', async () => {
    const me = await get('/api/user', f.client, CHROME);
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json<{ id: string }>().id).toBe(f.clientId);
    const missing = await get('/api/no-such-call', f.admin, CHROME);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('sends PDFs and stored files byte for byte, with their lengths, and resumable uploads unchanged', async () => {
    const id = await f.petition({ title: 'Pdf v. Encoding' });
    const pdf = await get(`/api/pdf/petitions/${id}`, f.admin, CHROME);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // An XML attachment: a compressible type, still sent as stored.
    const xml = Buffer.from(
      `<?xml version="1.0"?><fir>${Array.from({ length: 100 }, (_, i) => `<entry no="${i}">Section 302</entry>`).join('')}</fir>`,
    );
    const sha256 = createHash('sha256').update(xml).digest('hex');
    const started = await f.t.app.inject({
      method: 'POST',
      url: '/uploads',
      headers: { ...f.admin, 'accept-encoding': CHROME },
      payload: { sha256, size: xml.length, filename: 'fir.xml' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const upload = started.json<{ id: string }>();
    const half = 1024;
    const patch = (offset: number, bytes: Buffer) =>
      f.t.app.inject({
        method: 'PATCH',
        url: `/uploads/${upload.id}`,
        headers: {
          ...f.admin,
          'accept-encoding': CHROME,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
      });
    expect((await patch(0, xml.subarray(0, half))).statusCode).toBe(200);
    const head = await f.t.app.inject({
      method: 'HEAD',
      url: `/uploads/${upload.id}`,
      headers: { ...f.admin, 'accept-encoding': CHROME },
    });
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['content-encoding']).toBeUndefined();
    const done = await patch(half, xml.subarray(half));
    expect(done.json()).toMatchObject({ complete: true, mime_type: 'application/xml' });
    await attachUploadedFile(
      async (url, payload) =>
        (await f.t.app.inject({ method: 'POST', url, headers: f.admin, payload })).json<unknown>(),
      { sha256, size: xml.length, mime: 'application/xml', name: 'fir.xml' },
    );
    const file = await get(`/files/${sha256}`, f.admin, CHROME);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.headers['content-length']).toBe(String(xml.length));
    expect(file.rawPayload.equals(xml)).toBe(true);
  });
});
