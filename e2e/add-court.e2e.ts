import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { createUserViaApi } from './api.ts';
import { startHarness, type Harness } from './harness.ts';
import { CaseListPage } from './pages/CaseListPage.ts';
import { PetitionFormPage } from './pages/PetitionFormPage.ts';
import { PetitionPage } from './pages/PetitionPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { signedInDevice, type Device } from './session.ts';

const LAWYER = { name: 'Ayesha Malik', email: 'ayesha.lawyer@e2e.firm', password: 'ayesha-lawyer-password' };
const COLLEAGUE = { name: 'Bilal Shah', email: 'bilal.lawyer@e2e.firm', password: 'bilal-lawyer-password' };
const NEW_COURT = 'District and Sessions Court, Lahore';
/** What "within seconds" means for a change to reach a device that is online (the server's poke). */
const POKE_MS = 5_000;
const WAIT_MS = 10_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  for (const u of [LAWYER, COLLEAGUE])
    await createUserViaApi(h, { ...u, role_id: ROLE_IDS.LAWYER, is_approved: true });
});
afterAll(() => h.close());

const bounded = (d: Device): Device => {
  d.page.setDefaultTimeout(WAIT_MS);
  return d;
};

/** The case list has loaded from the device's first download (courts and categories are here too). */
async function caseListLoaded(list: CaseListPage): Promise<void> {
  await list.open();
  await list.empty().or(list.cards().first()).waitFor();
}

const courtField = (page: Page) => page.getByLabel('Court', { exact: true });
/** The Court field's choices (the Category select's options are options too). */
const choices = (page: Page) => page.getByRole('listbox').getByRole('option');
const option = (page: Page, name: string) =>
  choices(page).and(page.getByRole('option', { name, exact: true }));

/** The firm's courts of this title as the server holds them. */
const serverCourts = () =>
  h.app.db
    .selectFrom('courts')
    .select('id')
    .where('title', '=', NEW_COURT)
    .where('deleted_at', 'is', null)
    .execute();

it('a lawyer with no network adds the court from the case form in two taps; it reaches the server and a colleague', async () => {
  let a: Device | undefined;
  let b: Device | undefined;
  try {
    a = bounded(await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE));
    b = bounded(await signedInDevice(h, COLLEAGUE.email, COLLEAGUE.password));
    const header = new SyncHeader(a.page);
    const list = new CaseListPage(a.page);
    const form = new PetitionFormPage(a.page);
    const petition = new PetitionPage(a.page);
    const bList = new CaseListPage(b.page);
    await caseListLoaded(bList);
    await caseListLoaded(list);

    // In the court corridor: no network.
    await a.ctx.setOffline(true);
    await header.offline().waitFor();
    await list.newCase().click();
    await form.ready();
    await form.fill({ caseNo: '45', year: '2026', title: 'Bashir Ahmed v. The State' });

    // Tap 1: type the court's name. The seeded kinds are offered while it is partly typed; once it names no
    // court, "Add '…'" is.
    await courtField(a.page).click();
    await courtField(a.page).fill('District and Sess');
    await option(a.page, 'District and Sessions Court').waitFor();
    expect(await option(a.page, `Add 'District and Sess'`).count()).toBe(1);
    await courtField(a.page).fill(NEW_COURT);
    const add = option(a.page, `Add '${NEW_COURT}'`);
    await add.waitFor();
    expect(await choices(a.page).count()).toBe(1);
    // On a 390x844 phone: a finger-sized choice, no sideways scroll, no serious axe violation.
    const box = await add.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectPhoneFriendly(a.page, courtField(a.page));

    // Tap 2: add it. It is chosen, and (linked to no category yet) offers every category.
    await add.tap();
    await add.waitFor({ state: 'detached' });
    await expect.poll(() => courtField(a!.page).inputValue()).toBe(NEW_COURT);
    const category = a.page.getByLabel('Case Category', { exact: true });
    await category.selectOption({ label: 'Bail Application (B.A.)' });
    await form.parties('Petitioner', ['Bashir Ahmed']);
    await form.parties('Opponent', ['The State']);
    // Leaving the field and coming back keeps the new court (it is a court of the device now).
    await courtField(a.page).focus();
    await a.page.getByLabel('Title', { exact: true }).focus();
    expect(await courtField(a.page).inputValue()).toBe(NEW_COURT);

    const id = await form.save();
    await petition.heading().getByText('B.A. 45/2026', { exact: true }).waitFor();
    await a.page.getByText(NEW_COURT, { exact: true }).first().waitFor();
    await header.pending().waitFor();
    expect(await serverCourts()).toEqual([]);

    // Back online: the court goes with the case, as any queued row.
    await a.ctx.setOffline(false);
    await header.online().waitFor();
    await header.pending().waitFor({ state: 'detached', timeout: POKE_MS });
    await expect.poll(async () => (await serverCourts()).length).toBe(1);
    const [court] = await serverCourts();
    const saved = await h.app.db
      .selectFrom('petitions')
      .select(['court_id', 'petition_type_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const bail = await h.app.db
      .selectFrom('case_categories')
      .select('id')
      .where('company_id', '=', h.providerId)
      .where('title', '=', 'Bail Application')
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ court_id: court!.id, petition_type_id: bail.id });

    // The colleague's open list shows the case in that court without a reload, and their Court field now
    // offers the court itself, not an "Add".
    const card = bList.card('B.A. 45/2026');
    await card.waitFor({ timeout: POKE_MS });
    await card.getByText(NEW_COURT, { exact: true }).first().waitFor();
    const bForm = new PetitionFormPage(b.page);
    await bForm.open();
    await courtField(b.page).fill(NEW_COURT);
    await option(b.page, NEW_COURT).waitFor();
    expect(await option(b.page, `Add '${NEW_COURT}'`).count()).toBe(0);
  } finally {
    await a?.ctx.close();
    await b?.ctx.close();
  }
});
