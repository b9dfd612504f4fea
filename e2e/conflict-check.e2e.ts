import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { adminPost, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { CaseListPage } from './pages/CaseListPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE, PHONES } from './phone.ts';
import { seedCaseCategory, seedCourtId } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

/**
 * The conflict check on a phone with no network (issue 34): the firm's cases are on the device, and a typed
 * name finds the cases naming that person or company under another spelling, an Urdu name finds its English
 * one by the CNIC of the client it is linked to, and an unrelated name finds nothing.
 */

const WAIT_MS = 15_000;
const LAWYER = {
  name: 'Conflict Lawyer',
  email: 'conflict.lawyer@e2e.firm',
  password: 'conflict-lawyer-pw-1',
};
let h: Harness;

/** A POST as the admin through the real API. */
const post = <T>(url: string, payload: Record<string, unknown>) => adminPost<T>(h, url, payload);

beforeAll(async () => {
  h = await startHarness();
  const court = await seedCourtId(h, 'Lahore High Court, Lahore');
  const wp = await seedCaseCategory(h, { title: 'Writ Petition', abbreviation: 'W.P.', court_ids: [court] });
  await createUserViaApi(h, { ...LAWYER, role_id: ROLE_IDS.LAWYER });
  // A client of the firm, with the CNIC on their record.
  const client = await post<{ user: { id: string } }>('/api/users', {
    name: 'Muhammad Aslam',
    email: 'aslam.client@e2e.firm',
    password: 'client-password-1',
    confirm_password: 'client-password-1',
    role_id: ROLE_IDS.CLIENT,
    cnic: '35202-1234567-1',
    is_approved: true,
    send_email: false,
    contact_persons: [],
  });
  // The firm acts for him in one case; another case has a company against the firm's client.
  await post('/api/petitions', {
    case_no: '1221',
    year: 2025,
    title: 'Muhammad Aslam vs Province of Punjab',
    court_id: court,
    petition_type_id: wp,
    petitioners: [{ user: { id: client.user.id, name: 'Muhammad Aslam' } }],
    opponents: [{ user: { name: 'Province of Punjab' } }],
  });
  await post('/api/petitions', {
    case_no: '77',
    year: 2024,
    title: 'Bilal Ahmad vs ABC Traders',
    court_id: court,
    petition_type_id: wp,
    petitioners: [{ user: { name: 'Bilal Ahmad' } }],
    opponents: [{ user: { name: 'M/s ABC Traders (Pvt.) Ltd.' } }],
  });
});
afterAll(() => h.close());

it('on a phone with no network, finds a spelling variant and a CNIC across scripts, and not an unrelated name', async () => {
  let d: Device | undefined;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    const { page, ctx } = d;
    const list = new CaseListPage(page);
    await list.open();
    await list.card('W.P. 1221/2025').waitFor({ timeout: WAIT_MS });

    await ctx.setOffline(true);
    await new SyncHeader(page).offline().waitFor();
    await list.openFilters();
    await page.getByRole('link', { name: 'Conflict Check', exact: true }).click();
    await page.waitForURL('**/conflict-check');
    const heading = page.getByRole('heading', { name: 'Conflict Check', level: 1 });
    await heading.waitFor();
    const name = page.getByLabel('Name', { exact: true });
    const cnic = page.getByLabel('CNIC', { exact: true });
    const status = page.getByRole('main').getByRole('status');
    const matches = page.locator('.conflict-matches li');
    await expect.poll(() => status.textContent(), { timeout: WAIT_MS }).toMatch(/search 2 cases/);

    // A spelling variant with an honorific and parentage: the firm's own client, on the petitioner's side.
    await name.fill('Mr. MOHD. Aslam s/o Abdul Ghani');
    await expect
      .poll(() => matches.allTextContents())
      .toEqual(['W.P. 1221/2025: Muhammad Aslam, petitioner']);
    // A company however its suffix is written.
    await name.fill('ABC Traders (Private) Limited');
    await expect
      .poll(() => matches.allTextContents())
      .toEqual(['W.P. 77/2024: M/s ABC Traders (Pvt.) Ltd., opponent']);

    // An Urdu name alone is not matched; with the client's CNIC it finds his English name.
    await name.fill('محمد اسلم');
    await expect
      .poll(() => status.textContent())
      .toBe('No case of the firm on this device names this party.');
    await cnic.fill('3520212345671');
    await expect
      .poll(() => matches.allTextContents())
      .toEqual(['W.P. 1221/2025: Muhammad Aslam, petitioner (same CNIC)']);
    // Both phone screens (360x740 and 390x844), ending on the journey's own.
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await expectPhoneFriendly(page, heading);
    }

    // An unrelated name finds nothing.
    await cnic.fill('');
    await name.fill('Tariq Mehmood');
    await expect
      .poll(() => status.textContent())
      .toBe('No case of the firm on this device names this party.');
    expect(await matches.count()).toBe(0);

    // A match opens its case.
    await name.fill('Muhammed Aslam');
    await page.getByRole('link', { name: /^W\.P\. 1221\/2025: Muhammad Aslam/ }).click();
    await page.waitForURL('**/petitions/*');
    await page.getByText('Muhammad Aslam vs Province of Punjab').first().waitFor();
  } finally {
    await d?.ctx.close();
  }
});

it("on a lawyer's phone, the server ties the Urdu name to the English one by CNIC; offline, names still match", async () => {
  let d: Device | undefined;
  try {
    d = await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE);
    const { page, ctx } = d;
    await page.goto('/conflict-check');
    const status = page.getByRole('main').getByRole('status');
    const matches = page.locator('.conflict-matches li');
    await expect.poll(() => status.textContent(), { timeout: WAIT_MS }).toMatch(/search 2 cases/);
    await page.getByLabel('Name', { exact: true }).fill('Muhammed Aslam');
    await expect
      .poll(() => matches.allTextContents())
      .toEqual(['W.P. 1221/2025: Muhammad Aslam, petitioner']);
    // The client's CNIC is not on a lawyer's device (only admins receive CNICs): the server checks a typed one.
    const cnic = page.getByLabel('CNIC', { exact: true });
    const hint = page.locator(`[id="${await cnic.getAttribute('aria-describedby')}"]`);
    await expect.poll(() => hint.textContent()).toMatch(/a full CNIC is checked with the server/);
    await page.getByLabel('Name', { exact: true }).fill('محمد اسلم');
    await cnic.fill('35202-1234567-1');
    await expect
      .poll(() => matches.allTextContents(), { timeout: WAIT_MS })
      .toEqual(['W.P. 1221/2025: Muhammad Aslam, petitioner (same CNIC)']);
    await expect.poll(() => hint.textContent()).toBe('CNIC checked with the server.');
    // Both phone screens (360x740 and 390x844), ending on the journey's own.
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await expectPhoneFriendly(page, page.getByRole('heading', { name: 'Conflict Check', level: 1 }));
    }

    // No network: another CNIC waits for a connection, and the field says so; names are still checked.
    await ctx.setOffline(true);
    await new SyncHeader(page).offline().waitFor();
    await cnic.fill('35202-7654321-9');
    await expect
      .poll(() => hint.textContent())
      .toMatch(/^You are offline: the CNIC is checked once you are online/);
    await expect
      .poll(() => status.textContent())
      .toBe('No case of the firm on this device names this party.');
  } finally {
    await d?.ctx.close();
  }
});
