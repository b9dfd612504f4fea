import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { adminPost } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { PetitionFormPage } from './pages/PetitionFormPage.ts';
import { expectPhoneFriendly, PHONE, PHONES } from './phone.ts';
import { seedCaseCategory, seedCourtId } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

/**
 * The conflict warning on the case form (issue 34): typing the firm's client as the opponent of a new case,
 * under another spelling, warns inline and again before the save, which the user cancels or acknowledges;
 * an unrelated name warns of nothing.
 */

const WAIT_MS = 15_000;
let h: Harness;

/** A POST as the admin through the real API. */
const post = <T>(url: string, payload: Record<string, unknown>) => adminPost<T>(h, url, payload);

beforeAll(async () => {
  h = await startHarness();
  const court = await seedCourtId(h, 'Lahore High Court, Lahore');
  const wp = await seedCaseCategory(h, { title: 'Writ Petition', abbreviation: 'W.P.', court_ids: [court] });
  const client = await post<{ user: { id: string } }>('/api/users', {
    name: 'Muhammad Aslam',
    email: 'aslam.form@e2e.firm',
    password: 'client-password-1',
    confirm_password: 'client-password-1',
    role_id: ROLE_IDS.CLIENT,
    cnic: '35202-1234567-1',
    is_approved: true,
    send_email: false,
    contact_persons: [],
  });
  await post('/api/petitions', {
    case_no: '1221',
    year: 2025,
    title: 'Muhammad Aslam vs Province of Punjab',
    court_id: court,
    petition_type_id: wp,
    petitioners: [{ user: { id: client.user.id, name: 'Muhammad Aslam' } }],
    opponents: [{ user: { name: 'Province of Punjab' } }],
  });
});
afterAll(() => h.close());

it('warns as the opponent is typed and before the save; Cancel keeps the form, Save Anyway saves', async () => {
  let d: Device | undefined;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    const { page } = d;
    const form = new PetitionFormPage(page);
    await form.open();
    await form.fill({
      caseNo: '500',
      year: '2026',
      title: 'Bilal Ahmad vs Muhammad Aslam',
      court: 'Lahore High Court, Lahore',
      category: 'Writ Petition (W.P.)',
      petitioners: ['Bilal Ahmad'],
    });
    const alert = page.locator('.conflict-warnings');
    const warning = 'Possible conflict: Muhammad Aslam is the petitioner in W.P. 1221/2025';

    // An unrelated name: nothing.
    await form.parties('Opponent', ['Tariq Mehmood']);
    expect(await alert.count()).toBe(0);
    // The firm's client under another spelling, with an honorific: warned as it is typed.
    await form.parties('Opponent', ['Mr. MOHD. Aslam']);
    await expect.poll(() => alert.textContent(), { timeout: WAIT_MS }).toBe(warning);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Both phone screens (360x740 and 390x844), ending on the journey's own.
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await expectPhoneFriendly(page, page.getByRole('heading', { name: 'Add New Petition', level: 1 }));
    }

    // Again before the save: Cancel keeps the form; Save Anyway saves.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(warning).waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/petitions/create');
    await save.click();
    await dialog.getByRole('button', { name: 'Save Anyway', exact: true }).click();
    await page.waitForURL(/\/petitions\/(?!create$)[^/]+$/);

    // The admin's audit lists what was acknowledged (an admin's device, on the Conflict check screen).
    await page.goto('/conflict-check');
    const audit = page.getByRole('region', { name: 'Acknowledged Conflicts' });
    await expect
      .poll(() => audit.getByRole('listitem').allTextContents(), { timeout: WAIT_MS })
      .toEqual([expect.stringContaining(warning)]);
  } finally {
    await d?.ctx.close();
  }
});
