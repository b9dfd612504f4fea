import { afterAll, beforeAll, expect, it } from 'vitest';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { CaseListPage } from './pages/CaseListPage.ts';
import { CourtsPage } from './pages/CourtsPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { seedCourtId, seedPetition } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

const MERGED = 'Sessions Court Lahore';
const KEPT = 'District and Sessions Court, Lahore';
const WAIT_MS = 10_000;

let h: Harness;
let mergedId: string;
let keptId: string;
beforeAll(async () => {
  h = await startHarness();
  mergedId = await seedCourtId(h, MERGED);
  keptId = await seedCourtId(h, KEPT);
  await seedPetition(h, {
    case_no: '101',
    year: 2026,
    title: 'Bashir Ahmed v. The State',
    court_id: mergedId,
  });
  await seedPetition(h, { case_no: '102', year: 2026, title: 'Nasir Ali v. The State', court_id: mergedId });
  await seedPetition(h, { case_no: '103', year: 2026, title: 'Kamran v. The State', court_id: keptId });
});
afterAll(() => h.close());

const serverCourtOf = async () =>
  (
    await h.app.db
      .selectFrom('petitions')
      .select(['case_no', 'court_id'])
      .where('case_no', 'in', ['101', '102', '103'])
      .orderBy('case_no')
      .execute()
  ).map((p) => p.court_id);

it('an admin on a phone merges a near-duplicate court; the cases show the kept court, here and on the server', async () => {
  let d: Device | undefined;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    const page = d.page;
    page.setDefaultTimeout(WAIT_MS);
    const courts = new CourtsPage(page);
    await courts.open();
    await courts.row(MERGED).waitFor();
    // Many seeded courts come first (alphabetical): the screen's heading is what must be above the fold.
    await expectPhoneFriendly(page, page.getByRole('heading', { name: 'Courts', level: 1 }));

    await courts.mergeButton(MERGED).tap();
    const dialog = courts.mergeDialog(MERGED);
    await dialog.waitFor();
    const merge = dialog.page().getByRole('button', { name: 'Merge', exact: true });
    expect(await merge.isDisabled()).toBe(true);
    await dialog.getByLabel('Court to keep', { exact: true }).selectOption({ label: KEPT });
    // The confirmation names how many case files move, and what goes.
    await dialog
      .getByText(`Move 2 case files from '${MERGED}' to '${KEPT}' and delete '${MERGED}'?`, { exact: true })
      .waitFor();
    await expectPhoneFriendly(page, dialog.getByLabel('Court to keep', { exact: true }));
    await merge.tap();
    await dialog.waitFor({ state: 'hidden' });
    await courts.row(MERGED).waitFor({ state: 'detached' });
    await courts.row(KEPT).waitFor();

    // The case list shows the kept court on every moved case.
    const list = new CaseListPage(page);
    await list.open();
    // The card's foot shows the court (its folded More repeats it).
    for (const no of ['101/2026', '102/2026', '103/2026'])
      await list.card(no).getByText(KEPT, { exact: true }).first().waitFor();
    expect(await page.getByText(MERGED, { exact: true }).count()).toBe(0);
    await expectPhoneFriendly(page, list.card('101/2026'));

    // Synced like any change: the server moved the cases and deleted the merged court.
    await new SyncHeader(page).pending().waitFor({ state: 'detached' });
    await expect.poll(serverCourtOf).toEqual([keptId, keptId, keptId]);
    const gone = await h.app.db
      .selectFrom('courts')
      .select(['deleted_at', 'merged_into'])
      .where('id', '=', mergedId)
      .executeTakeFirstOrThrow();
    expect(gone.deleted_at).not.toBeNull();
    expect(gone.merged_into).toBe(keptId);
  } finally {
    await d?.ctx.close();
  }
});
