import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { PetitionPage } from './pages/PetitionPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { PHONE } from './phone.ts';
import { seedCourtId, seedIndexItem, seedPendingTag, seedPetition } from './seed.ts';
import { signedInDevice } from './session.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type TAtLoad = { snapshot: boolean; inert: boolean; text: string; syncState: string };
/** The page's window, with what an init script saw as its HTML was parsed. */
type TWindow = Window & { __atLoad?: TAtLoad };

/** Whether the device holds a snapshot of `path` (pwa/src/browser/snapshots.ts). */
const hasSnapshot = (page: Page, path: string) =>
  page.evaluate(async (p) => !!(await caches.match(p, { cacheName: 'lf-snapshots-v1' })), path);

/** The case's pending tag in the device's own database. */
const storedTag = (page: Page, id: string) =>
  page.evaluate(
    (caseId) =>
      new Promise<unknown>((resolve) => {
        const user = JSON.parse(localStorage.getItem('lf_user') ?? '{}') as { id: string };
        const req = indexedDB.open(`lf-${user.id}`);
        req.onsuccess = () => {
          const db = req.result;
          const get = db.transaction('petitions').objectStore('petitions').get(caseId);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { pending_tag?: string } | undefined)?.pending_tag ?? null);
          };
        };
      }),
    id,
  );

it('a case opened before is on screen from its snapshot, with no signal, before the app runs; a change to the data or a logout retires it', async () => {
  const court = await seedCourtId(h, 'Lahore High Court');
  const caseId = await seedPetition(h, {
    case_no: '7',
    year: 2026,
    title: 'Snapshot v. The State',
    court_id: court,
  });
  await seedIndexItem(h, { petition_id: caseId, document_description: 'Annexure A: the impugned order' });
  const path = `/petitions/${caseId}`;

  const { ctx, page } = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  // What the page holds when its HTML is parsed, before any of the app's code has run.
  await ctx.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      (window as TWindow).__atLoad = {
        snapshot: root.hasAttribute('data-snapshot'),
        inert: root.inert,
        text: root.textContent ?? '',
        syncState: root.querySelector('.sync-status')?.textContent ?? '',
      };
    });
  });
  const petition = new PetitionPage(page);
  await petition.open(caseId);
  await petition.row('Annexure A: the impugned order').waitFor({ timeout: 30_000 });
  // Once drawn, and the browser idle, the page keeps its snapshot.
  await expect.poll(() => hasSnapshot(page, path), { timeout: 15_000 }).toBe(true);

  // No signal in the corridor: opened afresh, the case is in the page the service worker serves.
  await ctx.setOffline(true);
  await page.goto(path);
  const atLoad = (await page.evaluate(() => (window as TWindow).__atLoad))!;
  expect(atLoad).toMatchObject({ snapshot: true, inert: true, syncState: '' });
  expect(atLoad.text).toContain('Snapshot v. The State');
  expect(atLoad.text).toContain('Lahore High Court');
  expect(atLoad.text).toContain('Annexure A: the impugned order');
  // The app takes it over: the header's true state, and a screen that takes taps.
  await new SyncHeader(page).offline().waitFor();
  await page.waitForFunction(() => !document.getElementById('root')!.inert);
  await page.getByRole('link', { name: 'Edit Petition', exact: true }).click();
  await page.waitForURL(`**/petitions/edit/${caseId}`);

  // Back online, elsewhere in the app: the office tags the case, the device pulls it, and the snapshot of the
  // case as it was is gone.
  await ctx.setOffline(false);
  await seedPendingTag(h, caseId, 'Reply awaited');
  await page.goto('/dashboard');
  await expect.poll(() => storedTag(page, caseId), { timeout: 30_000 }).toBe('Reply awaited');
  await expect.poll(() => hasSnapshot(page, path), { timeout: 5_000 }).toBe(false);
  await page.goto(path);
  expect((await page.evaluate(() => (window as TWindow).__atLoad))!.snapshot).toBe(false);
  await page.getByText('Reply awaited').first().waitFor();
  await expect.poll(() => hasSnapshot(page, path), { timeout: 15_000 }).toBe(true);

  // Logging out takes the snapshots with the user's data.
  const header = new SyncHeader(page);
  await header.menuButton().click();
  await header.nav().getByRole('button', { name: 'Logout', exact: true }).click();
  await page.waitForURL('**/login');
  // Deleted in the order of the device's other cache writes (browser/snapshots.ts), not before the move to /login.
  await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain('lf-snapshots-v1');
  await ctx.close();
});
