import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connect.ts';
import { caseFirm, multipart, PNG_1PX, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, describeEachDb } from './helper.ts';

const PERSONAL = 'private, no-store';
const cacheControl = (r: LightMyRequestResponse) => r.headers['cache-control'];

/**
 * An answer that depends on who asks is kept by no cache, shared or the browser's (`private, no-store`); a file
 * served by its content hash stays privately cacheable for good. Public files and pages keep their own caching.
 */
describeEachDb('Cache-Control of signed-in and public answers', (kind) => {
  let f: CaseFirm;
  let petitionId: string;
  let file: { sha256: string; url: string };
  beforeAll(async () => {
    f = await caseFirm(kind);
    petitionId = await f.petition({ case_no: '7', title: 'Cached v. Nobody' });
    const item = (
      await f.call('POST', '/api/petitions_index', f.admin, {
        petition_id: petitionId,
        document_description: 'Annexure A',
      })
    ).json<{ petition_index: { id: string } }>().petition_index.id;
    const body = multipart(
      { attachmentable_id: item, attachmentable_type: 'App\\Models\\PetitionIndex', petition_id: petitionId },
      [{ filename: 'scan.png', type: 'image/png', data: PNG_1PX }],
    );
    const up = await f.t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...f.admin, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    file = (await f.call('GET', `/api/petitions_index/${item}`, f.admin)).json<{
      petition_index: { attachments: { sha256: string; url: string }[] };
    }>().petition_index.attachments[0]!;
  });
  afterAll(() => f.t.close());

  const get = (url: string, auth?: Auth) => f.call('GET', url, auth);

  it('signed-in reads say private, no-store, a kept answer too', async () => {
    for (const url of [
      '/api/user',
      '/api/petitions?page=1',
      '/api/settings',
      `/api/petitions/${petitionId}`,
    ]) {
      const first = await get(url, f.admin);
      expect(first.statusCode, `${url} ${first.body}`).toBe(200);
      expect(cacheControl(first), url).toBe(PERSONAL);
      // The second read of a hot list is the answer cache's kept copy: it says the same.
      const again = await get(url, f.admin);
      expect(again.body, url).toBe(first.body);
      expect(cacheControl(again), url).toBe(PERSONAL);
    }
  });

  it('a PDF (by token and by its signed link) and an attachment download say private, no-store', async () => {
    const pdf = await get(`/api/pdf/petitions/${petitionId}`, f.admin);
    expect(pdf.statusCode).toBe(200);
    expect(cacheControl(pdf)).toBe(PERSONAL);
    const link = new URL(
      (await get('/api/petitions?page=1', f.admin)).json<{
        petitions: { data: { id: string; pdf_download_url: string }[] };
      }>().petitions.data[0]!.pdf_download_url,
    );
    const bySig = await get(link.pathname + link.search);
    expect(bySig.statusCode).toBe(200);
    expect(cacheControl(bySig)).toBe(PERSONAL);
    const download = await get(file.url, f.admin);
    expect(download.statusCode).toBe(200);
    expect(cacheControl(download)).toBe(PERSONAL);
  });

  it('a file served by its content hash keeps its immutable caching, privately', async () => {
    const byHash = await get(`/files/${file.sha256}`, f.admin);
    expect(byHash.statusCode).toBe(200);
    expect(cacheControl(byHash)).toBe('private, max-age=31536000, immutable');
  });

  it('sign-in answers, which carry tokens, are kept by no cache', async () => {
    const payload = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    for (const url of ['/api/auth/login', '/api/login']) {
      const res = await f.t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(200);
      expect(cacheControl(res), url).toBe(PERSONAL);
    }
  });

  it('public answers are not marked no-store: the site’s settings, a published page, app files', async () => {
    const settings = await get('/api/settings');
    expect(settings.statusCode).toBe(200);
    expect(String(cacheControl(settings))).not.toContain('no-store');
    const page = (
      await f.call('POST', '/api/general_case_laws', f.admin, {
        case_title: 'Public rule',
        content: '<p>x</p>',
      })
    ).json<{ case_laws: { public_url: string } }>().case_laws;
    const preview = await get(page.public_url);
    expect(preview.statusCode).toBe(200);
    expect(cacheControl(preview)).toBe('no-cache');

    const dist = join(f.t.config.dataDir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const database = await openDatabase(f.t.config.databaseUrl);
    const app = await buildApp({ config: { ...f.t.config, pwaDistDir: dist }, database });
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(cacheControl(asset)).toBe('public, max-age=31536000, immutable');
      // A signed-in browser sends no token with a script or a page: their caching is the file's own.
      const shell = await app.inject({ method: 'GET', url: '/petitions' });
      expect(cacheControl(shell)).toBe('no-cache');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
