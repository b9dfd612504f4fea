import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { adminToken, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { CourtsPage } from './pages/CourtsPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { UsersPage } from './pages/UsersPage.ts';
import { expectPhoneFriendly, phone, PHONES, seriousAxeViolations } from './phone.ts';
import { seedCourtId } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

/** Another device's change reaching this one through the server. */
const SYNC_MS = 10_000;

let h: Harness;
/** A copy of the built app that this file may change (a new service worker for the update banner). */
let dist: string;
/** The build the other files use: put back after this file, as they may run next in the same process. */
const given = process.env.E2E_DIST_DIR;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lf-e2e-shell-dist-'));
  cpSync(resolve(given ?? 'pwa/dist'), dist, { recursive: true });
  process.env.E2E_DIST_DIR = dist;
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  if (given === undefined) delete process.env.E2E_DIST_DIR;
  else process.env.E2E_DIST_DIR = given;
  rmSync(dist, { recursive: true, force: true });
});

/** A change made on the server, as another admin's device would make it. */
async function renameCourtOnServer(id: string, title: string): Promise<void> {
  const r = await h.app.inject({
    method: 'POST',
    url: '/api/courts',
    headers: { authorization: `Bearer ${await adminToken(h)}` },
    payload: { id, title },
  });
  expect(r.statusCode).toBe(200);
}

/**
 * The header on a phone: no sideways scroll, nothing of it past the screen's edge, Menu whole and on screen,
 * every control at least 44 px, and no serious or critical axe-core violation in it (text contrast included).
 */
async function expectHeaderFits(page: Page, state: string): Promise<void> {
  const header = new SyncHeader(page);
  const width = page.viewportSize()!.width;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${state} at ${width}: sideways scroll in px`).toBeLessThanOrEqual(0);

  const outside = await page.getByRole('banner').evaluate((el) =>
    [el, ...el.querySelectorAll('*')]
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.left < -0.5 || r.right > window.innerWidth + 0.5))
      .map(({ e, r }) => `${e.outerHTML.slice(0, 60)} ${Math.round(r.left)}..${Math.round(r.right)}`),
  );
  expect(outside, `${state} at ${width}: parts of the header off screen`).toEqual([]);

  const menu = header.menuButton();
  expect(await menu.innerText(), `${state} at ${width}: Menu's label`).toBe('Menu');
  expect(
    await menu.evaluate((b) => b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight),
    `${state} at ${width}: Menu's label fits its button`,
  ).toBe(true);

  const small = await page.getByRole('banner').evaluate((el) =>
    [...el.querySelectorAll('a[href], button, input, select, summary')]
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0 && (r.width < 44 || r.height < 44))
      .map(({ e, r }) => `${e.outerHTML.slice(0, 60)} ${Math.round(r.width)}x${Math.round(r.height)}`),
  );
  expect(small, `${state} at ${width}: header tap targets under 44 px`).toEqual([]);

  expect(await seriousAxeViolations(page, '.site-header'), `${state} at ${width}: axe`).toEqual([]);
}

it('an unknown path shows the 404 page', async () => {
  const ctx = await h.newContext();
  const page = await ctx.newPage();
  await page.goto('/no/such/page');
  await page.waitForURL('**/404');
  // The page is a lazy screen: its text arrives after the URL changes.
  await page.getByText("We couldn't find this page.").waitFor();
  await ctx.close();
});

it('a reload of an online screen renews the session first: no call is sent to be refused and sent again', async () => {
  const { ctx, page } = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
  const seen: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) seen.push(`${r.status()} ${path}`);
  });
  // A fresh load: the access token lived in the last page's memory only.
  await page.goto('/mail-outbox');
  await page.getByRole('heading', { name: 'Mail Outbox' }).waitFor();
  await expect
    .poll(() => seen.filter((s) => s.endsWith('/api/mail_outbox')))
    .toEqual(['200 /api/mail_outbox']);
  expect(
    seen.filter((s) => s.startsWith('401 ')),
    'refused calls',
  ).toEqual([]);
  expect(seen.indexOf('200 /api/auth/refresh')).toBeGreaterThanOrEqual(0);
  expect(seen.indexOf('200 /api/auth/refresh')).toBeLessThan(seen.indexOf('200 /api/mail_outbox'));
  await ctx.close();
});

it("the dashboard loads its two most used screens' code once it has settled, and a tile's screen as a finger reaches it", async () => {
  const d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(PHONES[1]));
  const scripts: string[] = [];
  d.page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await d.page.goto('/dashboard');
  await d.page.waitForFunction(() => performance.getEntriesByName('lf:preloaded').length > 0);
  // The Case Files and Court Calendar screens, asked for after the dashboard's start, not during it.
  const idle = scripts.length;
  expect(scripts.filter((s) => /\/(CaseFilesScreen|CalendarScreen)-[\w-]+\.js$/.test(s)).length).toBe(2);
  // Asked for once the dashboard had settled (its lf:idle-preload mark), by the page's own resource timing.
  const asked = await d.page.evaluate(() => {
    const at = performance.getEntriesByName('lf:idle-preload')[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter((r) => /\/(CaseFilesScreen|CalendarScreen)-[\w-]+\.js$/.test(r.name))
      .map((r) => (r.startTime >= at ? 'after it settled' : 'during its start'));
  });
  expect(asked).toEqual(['after it settled', 'after it settled']);
  // Others (the statutes) is not loaded ahead: a touch on its tile asks for its screen before the tap ends.
  await d.page.getByRole('link', { name: 'Others', exact: true }).dispatchEvent('pointerdown');
  await expect.poll(() => scripts.slice(idle).some((s) => /\/StatutesScreen-[\w-]+\.js$/.test(s))).toBe(true);
  expect(new URL(d.page.url()).pathname).toBe('/dashboard');
  await d.ctx.close();
});

describe('the header on a phone', () => {
  for (const viewport of PHONES) {
    it(`fits ${viewport.width} px online, offline, with changes waiting and with a conflict, and says so to a screen reader`, async () => {
      await seedCourtId(h, `Waiting Court ${viewport.width}`);
      const disputed = await seedCourtId(h, `Disputed Court ${viewport.width}`);
      let d: Device | undefined;
      try {
        d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(viewport));
        const header = new SyncHeader(d.page);
        const courts = new CourtsPage(d.page);
        // The states are announced politely: a live region that does not interrupt.
        expect(await header.status().getAttribute('aria-live')).toBe('polite');

        await courts.open();
        await header.online().waitFor();
        await expectHeaderFits(d.page, 'online');

        // The main menu: the main areas first, each a whole tap target, and none of it past the edge.
        await header.menuButton().click();
        const nav = header.nav();
        expect(await nav.getByRole('link', { name: 'Case Files', exact: true }).getAttribute('href')).toBe(
          '/petitions',
        );
        expect(await nav.getByRole('link', { name: 'Calendar', exact: true }).getAttribute('href')).toBe(
          '/petitions-calendar',
        );
        await nav.getByRole('button', { name: 'More' }).click();
        await nav.getByRole('link', { name: 'Useful Links', exact: true }).waitFor();
        await expectHeaderFits(d.page, 'menu open');
        await nav.getByRole('link', { name: 'Case Files', exact: true }).click();
        await d.page.waitForURL('**/petitions');
        // The menu closes on navigation.
        await nav.waitFor({ state: 'hidden' });

        await d.ctx.setOffline(true);
        await header.offline().waitFor();
        await courts.open();
        await expectHeaderFits(d.page, 'offline');

        await courts.rename(`Waiting Court ${viewport.width}`, `Waiting Court ${viewport.width} (renamed)`);
        await courts.rename(`Disputed Court ${viewport.width}`, `Disputed Court ${viewport.width} (ours)`);
        await header.pending(2).waitFor();
        await expectHeaderFits(d.page, 'offline with 2 pending');

        // Meanwhile another admin renamed the disputed court: back online, ours is a conflict to settle.
        await renameCourtOnServer(disputed, `Disputed Court ${viewport.width} (theirs)`);
        await d.ctx.setOffline(false);
        await header.conflicts().waitFor({ timeout: SYNC_MS });
        await header.pending().waitFor({ state: 'detached', timeout: SYNC_MS });
        await header.online().waitFor();
        await expectHeaderFits(d.page, 'online with a conflict');

        // The worst case: no network, a change waiting and a conflict, with Menu still whole on screen.
        await d.ctx.setOffline(true);
        await header.offline().waitFor();
        await courts.rename(
          `Waiting Court ${viewport.width} (renamed)`,
          `Waiting Court ${viewport.width} again`,
        );
        await header.pending(1).waitFor();
        await header.conflicts().waitFor();
        await expectHeaderFits(d.page, 'offline with 1 pending and a conflict');
        expect(await header.status().innerText()).toMatch(/Offline\s+1 pending\s+\d+ conflicts?/);
      } finally {
        await d?.ctx.close();
      }
    });

    it(`fits ${viewport.width} px while the first sync downloads, Menu on screen`, async () => {
      const ctx = await h.newContext(phone(viewport));
      try {
        const page = await ctx.newPage();
        // The firm's data is more than one page (500 rows): the second page is held until the header is checked.
        let release: () => void = () => undefined;
        const held = new Promise<void>((r) => (release = r));
        let pulls = 0;
        await page.route('**/sync/pull?*', async (route) => {
          if (++pulls === 2) await held;
          await route.continue();
        });
        const login = new LoginPage(page);
        await login.open();
        await login.login(E2E_ADMIN.email, E2E_ADMIN.password);
        await page.waitForURL('**/dashboard');
        const header = new SyncHeader(page);
        await header.downloading().waitFor();
        expect(
          await header.status().getByRole('progressbar', { name: "Downloading your firm's data" }).count(),
        ).toBe(1);
        const menu = await header.menuButton().boundingBox();
        expect(menu!.x + menu!.width).toBeLessThanOrEqual(viewport.width);
        await expectHeaderFits(page, 'first sync');
        release();
        await header.downloading().waitFor({ state: 'detached', timeout: SYNC_MS });
      } finally {
        await ctx.close();
      }
    });
  }

  it('says so when the sync code cannot be loaded, with a way to try again', async () => {
    const ctx = await h.newContext(phone(PHONES[0]));
    try {
      const page = await ctx.newPage();
      const login = new LoginPage(page);
      await login.open();
      // The chunk holding the sync engine (loaded after sign-in) never arrives.
      await page.route('**/assets/*.js', async (route) => {
        const response = await route.fetch();
        if ((await response.text()).includes('/sync/pull')) await route.abort();
        else await route.fulfill({ response });
      });
      await login.login(E2E_ADMIN.email, E2E_ADMIN.password);
      await page.waitForURL('**/dashboard');
      const header = new SyncHeader(page);
      await header.status().getByText('Sync did not load', { exact: true }).waitFor();
      await header.status().getByRole('button', { name: 'Reload', exact: true }).waitFor();
      await expectHeaderFits(page, 'sync not loaded');

      // With the chunk back, Reload gives a working device.
      await page.unroute('**/assets/*.js');
      await header.status().getByRole('button', { name: 'Reload', exact: true }).click();
      await header.online().waitFor();
      await page.waitForFunction(() => !document.body.innerText.includes('Sync did not load'));
    } finally {
      await ctx.close();
    }
  });
});

/**
 * Opens the menu of `/`, which is prerendered: its Menu button does nothing until the app has taken the page
 * over, so it is tapped again until the menu shows.
 */
async function openMenu(header: SyncHeader): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await header.nav().isVisible()) return true;
        await header.menuButton().click();
        return header.nav().isVisible();
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
}

describe('install and update', () => {
  it('offers Install app when the browser offers to install, and shows its prompt', async () => {
    const ctx = await h.newContext(phone(PHONES[1]));
    try {
      const page = await ctx.newPage();
      await page.goto('/');
      const header = new SyncHeader(page);
      await openMenu(header);
      const install = header.nav().getByRole('button', { name: 'Install app', exact: true });
      expect(await install.count(), 'no install button before the browser offers it').toBe(0);

      await page.evaluate(() => {
        const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => void ((window as unknown as { prompted: number }).prompted = 1),
          userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
        });
        window.dispatchEvent(e);
      });
      await install.waitFor();
      const box = await install.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await install.click();
      await page.waitForFunction(() => (window as unknown as { prompted?: number }).prompted === 1);
      // The browser's prompt can be shown once: the button goes.
      await install.waitFor({ state: 'detached' });
    } finally {
      await ctx.close();
    }
  });

  it('on an iPhone, where Safari never offers it, explains Add to Home Screen', async () => {
    const ctx = await h.newContext({
      ...phone(PHONES[1]),
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    try {
      const page = await ctx.newPage();
      await page.goto('/');
      const header = new SyncHeader(page);
      await openMenu(header);
      await header.nav().getByRole('button', { name: 'Install app', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Install eLawFirm' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toMatch(/tap the Share button.*then\s+Add to Home Screen/s);
    } finally {
      await ctx.close();
    }
  });

  it('a new version shows a banner that fits a phone, and Reload switches to it', async () => {
    const viewport = PHONES[0];
    let d: Device | undefined;
    try {
      d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(viewport));
      const banner = d.page.getByRole('status').filter({ hasText: 'A new version of the app is available.' });
      expect(await banner.count()).toBe(0);

      // A new build: another service worker (the server is told nothing; the browser finds it on its own).
      rmSync(join(dist, 'sw.js.br'), { force: true });
      rmSync(join(dist, 'sw.js.gz'), { force: true });
      appendFileSync(join(dist, 'sw.js'), `\n// next version ${Date.now()}\n`);
      await d.page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await banner.waitFor({ timeout: SYNC_MS });

      const fit = await banner.evaluate((b) => {
        const r = b.getBoundingClientRect();
        const text = b.querySelector('span')!;
        const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
        return {
          left: r.left,
          right: r.right,
          bottom: r.bottom,
          textLines: Math.round(text.getBoundingClientRect().height / lineHeight),
        };
      });
      expect(fit.left).toBeGreaterThanOrEqual(0);
      expect(fit.right).toBeLessThanOrEqual(viewport.width);
      expect(fit.bottom).toBeLessThanOrEqual(viewport.height);
      expect(fit.textLines, 'the message wraps to at most two lines').toBeLessThanOrEqual(2);
      const reload = banner.getByRole('button', { name: 'Reload', exact: true });
      const later = banner.getByRole('button', { name: 'Later', exact: true });
      for (const b of [reload, later]) {
        const box = await b.boundingBox();
        expect(box!.width).toBeGreaterThanOrEqual(44);
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
      expect(await seriousAxeViolations(d.page, '.update-banner')).toEqual([]);

      const swBefore = await d.page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.active,
      );
      expect(swBefore).toBeTruthy();
      const reloaded = d.page.waitForEvent('load');
      await reload.click();
      // The waiting version takes over and the page reloads into it: no banner, nothing left waiting.
      await reloaded;
      await d.page.waitForFunction(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return !!reg && !reg.waiting && !!navigator.serviceWorker.controller;
      });
      await d.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(await banner.count()).toBe(0);
    } finally {
      await d?.ctx.close();
    }
  });

  it('the manifest carries shortcuts to Case Files, Calendar and New Case, and real screenshots', async () => {
    const ctx = await h.newContext(phone(PHONES[1]));
    try {
      const page = await ctx.newPage();
      await page.goto('/');
      const href = await page.locator('link[rel=manifest]').getAttribute('href');
      const manifest = (await (await page.request.get(href!)).json()) as {
        shortcuts: { name: string; url: string }[];
        screenshots: { src: string; sizes: string; type: string; form_factor?: string }[];
      };
      expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
        ['Case Files', '/petitions'],
        ['Calendar', '/petitions-calendar'],
        ['New Case', '/petitions/create'],
      ]);
      expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
      for (const s of manifest.screenshots) {
        const r = await page.request.get(s.src);
        expect(r.status(), s.src).toBe(200);
        const png = await r.body();
        // A PNG's IHDR: the signature, then width and height at bytes 16 and 20.
        expect(png.subarray(1, 4).toString('latin1'), s.src).toBe('PNG');
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, s.src).toBe(s.sizes);
        expect(s.type).toBe('image/png');
      }
    } finally {
      await ctx.close();
    }
  });
});

describe('offline reference lists and contrast', () => {
  it('/users/create offline lists every role; /register-company-admin offline fails no request', async () => {
    let d: Device | undefined;
    try {
      d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(PHONES[1]));
      await d.ctx.setOffline(true);
      await new SyncHeader(d.page).offline().waitFor();
      await d.page.goto('/users/create');
      const role = d.page.getByLabel('Role', { exact: true });
      await role.waitFor();
      const options = await role.locator('option').allInnerTexts();
      expect(options).toEqual([
        '--Select--',
        'Admin',
        'Lawyer',
        'Partner',
        'Associate',
        'Paralegal',
        'Student',
        'Client',
      ]);
      await role.selectOption({ label: 'Lawyer' });
      expect(await role.inputValue()).toBe(ROLE_IDS.LAWYER);

      // Adding another firm's admin needs the firms' list from the server: offline it says so, no failed request.
      await d.page.goto(`/register-company-admin/${h.providerId}`);
      await d.page
        .getByText('You are offline. Creating or editing an account needs a connection.', { exact: true })
        .waitFor();
      expect(await d.page.getByLabel('Role', { exact: true }).inputValue()).toBe(ROLE_IDS.ADMIN);
      expect(await d.page.getByText('Something went wrong!').count()).toBe(0);
    } finally {
      await d?.ctx.close();
    }
  });

  it("the landing page's small headings and the users list's Approved badge are readable (4.5:1)", async () => {
    await createUserViaApi(h, {
      name: 'Approved Associate',
      email: 'approved.associate@e2e.firm',
      password: 'approved-password-1',
      role_id: ROLE_IDS.ASSOCIATE,
      is_approved: true,
    });
    const ctx = await h.newContext(phone(PHONES[1]));
    try {
      const page = await ctx.newPage();
      await page.goto('/');
      // The prerendered page is replaced by the app's meanwhile: a check that finds the page mid-swap (no
      // eyebrows, or gone while axe reads them) is made again.
      const eyebrows = async () => {
        const n = await page.locator('.eyebrow').count();
        if (n < 2) return `${n} eyebrow(s) on the page`;
        return seriousAxeViolations(page, '.eyebrow', ['color-contrast']).catch((e: unknown) => String(e));
      };
      await expect.poll(eyebrows, { timeout: 20_000, interval: 250 }).toEqual([]);
    } finally {
      await ctx.close();
    }
    let d: Device | undefined;
    try {
      d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(PHONES[1]));
      const users = new UsersPage(d.page);
      await users.open();
      const approved = users.row('approved.associate@e2e.firm').getByText('Approved', { exact: true });
      await approved.waitFor();
      expect(await seriousAxeViolations(d.page, '.badge', ['color-contrast'])).toEqual([]);
    } finally {
      await d?.ctx.close();
    }
  });
});

describe('admin lists on a phone', () => {
  it('the users come first: the search waits behind Filters, which counts the active ones', async () => {
    for (const n of [1, 2, 3])
      await createUserViaApi(h, {
        name: `Phone List Lawyer ${n}`,
        email: `phone.list.${n}@e2e.firm`,
        password: 'phone-list-password-1',
        role_id: ROLE_IDS.LAWYER,
        is_approved: true,
      });
    for (const viewport of PHONES) {
      let d: Device | undefined;
      try {
        d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(viewport));
        const users = new UsersPage(d.page);
        await users.open();
        const rows = d.page.getByRole('row').filter({ hasText: '@e2e.firm' });
        await expect.poll(() => rows.count(), { timeout: SYNC_MS }).toBeGreaterThanOrEqual(4);
        expect(await users.searchForm().isVisible(), `${viewport.width}: search form folded`).toBe(false);
        expect(await users.filtersButton().getAttribute('aria-expanded')).toBe('false');
        // The list starts high enough that the first rows are on the first screen.
        const second = await rows.nth(1).boundingBox();
        expect(second!.y, `${viewport.width}: second user's top`).toBeLessThan(viewport.height);
        await expectPhoneFriendly(d.page, rows.first());

        await users.search({ name: 'Phone List Lawyer 2' });
        await users.row('phone.list.2@e2e.firm').waitFor();
        await expect.poll(() => rows.count()).toBe(1);
        expect(await users.filtersButton().innerText()).toMatch(/^Filters\s*1/);
        expect(await d.page.getByRole('button', { name: 'Filters 1 active', exact: true }).count()).toBe(1);
      } finally {
        await d?.ctx.close();
      }
    }
  });
});
