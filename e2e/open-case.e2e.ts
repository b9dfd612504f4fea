import { afterAll, beforeAll, expect, it } from 'vitest';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { PetitionPage } from './pages/PetitionPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { seedCourtId, seedIndexItem, seedPetition } from './seed.ts';
import { signedInDevice } from './session.ts';

const ITEMS = 100;
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('a case of 100 index items opens whole on a fresh navigation with the network off', async () => {
  const court = await seedCourtId(h, 'Islamabad High Court');
  const caseId = await seedPetition(h, {
    case_no: '100',
    year: 2026,
    title: 'Hundred Items v. The State',
    court_id: court,
  });
  // Seeded in reverse order: the page shows them by their display order.
  const descriptions = Array.from({ length: ITEMS }, (_, i) => `Annexure ${i + 1}: certified copy`);
  for (let i = ITEMS - 1; i >= 0; i--)
    await seedIndexItem(h, { petition_id: caseId, document_description: descriptions[i]!, display_order: i });

  const { ctx, page } = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
  const petition = new PetitionPage(page);
  // Synced: the case and every item are on the device.
  await petition.open(caseId);
  await petition.row(descriptions[ITEMS - 1]!).waitFor({ timeout: 30_000 });

  // Network off: the browser is offline and the server is gone.
  await ctx.setOffline(true);
  await new Promise<void>((resolve) => {
    h.app.server.close(() => resolve());
    h.app.server.closeAllConnections();
  });

  // A fresh navigation in a new tab, as a lawyer opening the case from a link or the home screen.
  const tab = new PetitionPage(await ctx.newPage());
  await tab.open(caseId);
  await tab.heading().getByText('Hundred Items v. The State').waitFor();
  expect(await tab.page.getByText('Islamabad High Court', { exact: true }).isVisible()).toBe(true);
  await tab.row(descriptions[ITEMS - 1]!).waitFor();
  expect(await tab.descriptions()).toEqual(descriptions);
  // The case may be on screen from its snapshot before the app runs (browser/snapshots.ts), which shows no sync
  // state: the header says Offline once the app has taken the page over.
  await new SyncHeader(tab.page).offline().waitFor();
  await tab.page.waitForFunction(() => !document.getElementById('root')!.inert);
  expect(await tab.descriptions()).toEqual(descriptions);
  await ctx.close();
});
