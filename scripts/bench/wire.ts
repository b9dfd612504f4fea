// Issue 11 item 1: bytes on the wire, raw and compressed, for what a new phone downloads first. A cold /login in
// Chromium (every request the page makes until it is idle, headers included, as the network reports them; the
// service worker blocked, so its background precache is counted apart) and the first sync of the demo firm
// (the body of every /sync/pull page from cursor 0, as the PWA asks for them).
//
// Alone: `node --import tsx scripts/bench/wire.ts` (PWA_DIST_DIR picks the build, else pwa/dist as the bench
// builds it).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { TPullResponse } from '@lawfirm/shared-types';
import { startDemoServer, type DemoServer } from './demo-server.ts';
import { runAlone } from './browser-steps.ts';
import { int, type Row } from './table.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

const ENCODINGS = [
  { label: 'raw', accept: 'identity' },
  { label: 'gzip', accept: 'gzip' },
  { label: 'br', accept: 'gzip, deflate, br, zstd' },
] as const;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Every page of a first sync as the PWA pulls it (pages of 500), in one encoding: body bytes and records. */
async function firstSync(server: DemoServer, authorization: string, accept: string) {
  let cursor = '';
  let bytes = 0;
  let records = 0;
  let pages = 0;
  const clientId = `bench-wire-${Date.now()}-${accept.length}`;
  for (;;) {
    const q = new URLSearchParams({ clientId, cursor, pendingFrom: '0', limit: '500' });
    const res = await server.app.inject({
      method: 'GET',
      url: `/sync/pull?${q.toString()}`,
      headers: { authorization, 'accept-encoding': accept },
    });
    if (res.statusCode !== 200) throw new Error(`pull failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
    const enc = res.headers['content-encoding'];
    const body =
      enc === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : enc === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload;
    const page = JSON.parse(body.toString('utf8')) as TPullResponse;
    bytes += res.rawPayload.length;
    records += page.changes.length;
    pages++;
    cursor = page.cursor;
    if (!page.more) return { bytes, records, pages };
  }
}

/** A cold /login in a fresh Chromium context: bytes the network received for every request until idle. */
async function coldLogin(base: string, raw: boolean): Promise<{ bytes: number; requests: number }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const ctx = await browser.newContext({
      baseURL: base,
      serviceWorkers: 'block',
      // Chromium lets a page ask for no encoding: what a browser without gzip or br would get.
      ...(raw ? { extraHTTPHeaders: { 'accept-encoding': 'identity' } } : {}),
    });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let requests = 0;
    let last = Date.now();
    const encodings = new Set<string>();
    cdp.on('Network.responseReceived', (e) => {
      const enc = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding');
      if (enc) encodings.add(String(enc[1]));
    });
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      requests++;
      last = Date.now();
    });
    await page.goto('/login');
    // The app's own form (the prerendered one is inert), then no request for a second.
    await page.waitForFunction(
      () => document.querySelector('form') && !document.querySelector('form[inert]'),
    );
    while (Date.now() - last < 1000) await page.waitForTimeout(100);
    if (raw && encodings.size) throw new Error(`asked for identity, got ${[...encodings].join(', ')}`);
    return { bytes, requests };
  } finally {
    await browser.close();
  }
}

/** The service worker's precache after a first visit: raw, and as the server sends it to a br browser. */
function precacheBytes(distDir: string): { files: number; raw: number; br: number } {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!);
  let raw = 0;
  let br = 0;
  for (const u of urls) {
    const file = join(distDir, u.replace(/^\//, ''));
    if (!existsSync(file)) continue;
    const size = statSync(file).size;
    raw += size;
    br += existsSync(`${file}.br`) ? statSync(`${file}.br`).size : size;
  }
  return { files: urls.length, raw, br };
}

/** Rows for the bytes on the wire of the build in `distDir`, served by a fresh demo server. */
export async function wireRows(distDir: string): Promise<{ rows: Row[]; report: string[] }> {
  const rows: Row[] = [];
  const report: string[] = [];
  const server = await startDemoServer(distDir);
  try {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: server.email, password: server.password },
    });
    const authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
    let rawSync = 0;
    for (const e of ENCODINGS) {
      const s = await firstSync(server, authorization, e.accept);
      if (e.label === 'raw') rawSync = s.bytes;
      rows.push({
        what: `first sync of the demo firm (${int(s.records)} records, ${s.pages} pages), ${e.label}`,
        figure: kB(s.bytes),
        budget: e.label === 'raw' ? '-' : `< ${kB(rawSync / 4)}`,
        ok: e.label === 'raw' ? null : s.bytes < rawSync / 4,
      });
    }
    if (existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
      const raw = await coldLogin(server.base, true);
      const compressed = await coldLogin(server.base, false);
      rows.push(
        {
          what: `cold /login, every request on the wire (${raw.requests}), raw`,
          figure: kB(raw.bytes),
          budget: '-',
          ok: null,
        },
        {
          what: `cold /login, every request on the wire (${compressed.requests}), compressed`,
          figure: kB(compressed.bytes),
          budget: `< ${kB(raw.bytes / 2)}`,
          ok: compressed.bytes < raw.bytes / 2,
        },
      );
    } else report.push('cold /login not measured: no Chromium (CHROMIUM_PATH).');
    const pre = precacheBytes(distDir);
    rows.push({
      what: `service worker precache after the first visit (${pre.files} files), raw -> br`,
      figure: `${kB(pre.raw)} -> ${kB(pre.br)}`,
      budget: '-',
      ok: null,
    });
  } finally {
    await server.close();
  }
  return { rows, report };
}

// `node --import tsx scripts/bench/wire.ts`: this part of the bench alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAlone(wireRows);
