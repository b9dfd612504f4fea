import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminBearer, createTestApp, describeEachDb, type TestApp } from './helper.ts';

describeEachDb('security baseline', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: ['https://old-client.example.com'] });
  });
  afterAll(() => t.close());

  it('sends security headers on API answers', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(r.headers['strict-transport-security']).toBeDefined();
  });

  it('answers CORS preflight only for listed origins', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user',
      headers: {
        origin: 'https://old-client.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('https://old-client.example.com');
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never answers a stack trace or a 500 for bad input', async () => {
    const { authorization } = await adminBearer(t);
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '[1,2',
      },
      {
        method: 'POST' as const,
        url: '/api/login',
        headers: { 'content-type': 'text/xml' },
        payload: '<a/>',
      },
      { method: 'POST' as const, url: '/api/login', payload: { email: ['x'], password: { a: 1 } } },
      { method: 'GET' as const, url: '/api/user', headers: { authorization: 'Bearer ' + 'x'.repeat(5000) } },
      { method: 'GET' as const, url: '/api/no-such-call', headers: { authorization } },
      {
        method: 'POST' as const,
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: 'x'.repeat(3 * 1024 * 1024),
      },
    ];
    for (const c of cases) {
      const r = await t.app.inject(c);
      expect(r.statusCode, `${c.method} ${c.url}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, `${c.method} ${c.url}`).toBeLessThan(500);
      const body = r.json<{ message: string }>();
      expect(typeof body.message).toBe('string');
      expect(r.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});

describeEachDb('serving the app', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // A stand-in build folder: the server must serve files and fall back to index.html for client routes.
  });
  afterAll(() => t.close());

  it('serves index.html for client routes and 404 JSON for unknown API paths', async () => {
    const dist = join(t.config.dataDir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const { buildApp } = await import('../src/app.ts');
    const { openDatabase } = await import('../src/db/connect.ts');
    const database = await openDatabase(t.config.databaseUrl);
    const app = await buildApp({ config: { ...t.config, pwaDistDir: dist }, database });
    try {
      const page = await app.inject({ method: 'GET', url: '/petitions/123' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>shell</title>');
      // Pages get the page policy (scripts from the app only); API answers the data policy (nothing at all).
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json().message).toContain('not found');
      expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    } finally {
      await app.close();
      await database.close();
    }
  });
});
