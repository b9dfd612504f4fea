import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { adminPost } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { CaseListPage } from './pages/CaseListPage.ts';
import { expectPhoneFriendly, PHONE, PHONES } from './phone.ts';
import { seedCaseCategory, seedCourtId } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

/**
 * "Tell client" on a phone (issue 34): from the case page, the WhatsApp and SMS links carry the client's
 * number in international form however it was typed, and the message in the client's language; a client
 * with no number is told so, with a link to the record to add one.
 */

const WAIT_MS = 15_000;
let h: Harness;

/** A POST as the admin through the real API. */
const post = <T>(url: string, payload: Record<string, unknown>) => adminPost<T>(h, url, payload);

const client = (name: string, email: string, phone: string | null, language: 'en' | 'ur') =>
  post<{ user: { id: string } }>('/api/users', {
    name,
    email,
    password: 'client-password-1',
    confirm_password: 'client-password-1',
    role_id: ROLE_IDS.CLIENT,
    ...(phone ? { phone } : {}),
    language,
    is_approved: true,
    send_email: false,
    contact_persons: [],
  });

let noNumberId = '';
beforeAll(async () => {
  h = await startHarness();
  const court = await seedCourtId(h, 'Lahore High Court, Lahore');
  const wp = await seedCaseCategory(h, { title: 'Writ Petition', abbreviation: 'W.P.', court_ids: [court] });
  const aslam = await client('Muhammad Aslam', 'aslam.tell@e2e.firm', '0321-4567890', 'en');
  const bibi = await client('Zainab Bibi', 'zainab.tell@e2e.firm', '0300-1234567', 'ur');
  const none = await client('Kamran Shah', 'kamran.tell@e2e.firm', null, 'en');
  noNumberId = none.user.id;
  const kase = (no: string, title: string, id: string, name: string) =>
    post('/api/petitions', {
      case_no: no,
      year: 2025,
      title,
      court_id: court,
      petition_type_id: wp,
      petitioners: [{ user: { id, name } }],
      opponents: [{ user: { name: 'State' } }],
    });
  await kase('1221', 'Muhammad Aslam vs State', aslam.user.id, 'Muhammad Aslam');
  await kase('1300', 'Zainab Bibi vs State', bibi.user.id, 'Zainab Bibi');
  await kase('1400', 'Kamran Shah vs State', none.user.id, 'Kamran Shah');
});
afterAll(() => h.close());

it('offers WhatsApp and SMS links with the number and the message in English and Urdu', async () => {
  let d: Device | undefined;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    const { page } = d;
    const list = new CaseListPage(page);
    const openCase = async (number: string) => {
      await list.open();
      await list.card(number).getByRole('link', { name: number, exact: true }).first().click();
      await page.getByRole('heading', { level: 1 }).filter({ hasText: number }).waitFor({ timeout: WAIT_MS });
      const tell = page.getByRole('button', { name: 'Tell Client', exact: true });
      await tell.click();
      return tell;
    };
    const links = async () => {
      const wa = await page.getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('href');
      const sms = await page.getByRole('link', { name: 'SMS', exact: true }).getAttribute('href');
      return {
        wa: wa!.split('?')[0],
        waText: new URL(wa!).searchParams.get('text'),
        sms: sms!.split('?')[0],
        smsText: decodeURIComponent(sms!.split('?body=')[1]!),
      };
    };

    const tell = await openCase('W.P. 1221/2025');
    const en = await links();
    expect(en.wa).toBe('https://wa.me/923214567890');
    expect(en.sms).toBe('sms:+923214567890');
    expect(en.waText).toMatch(
      /^Your case W\.P\. 1221\/2025 Muhammad Aslam vs State at Lahore High Court, Lahore: /,
    );
    expect(en.smsText).toBe(en.waText);
    // Both phone screens (360x740 and 390x844), ending on the journey's own.
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await expectPhoneFriendly(page, tell);
    }

    // Telling the client by WhatsApp is recorded on the case, and the notice says when the server has it.
    const [chat] = await Promise.all([
      d.ctx.waitForEvent('page'),
      page.getByRole('link', { name: 'WhatsApp', exact: true }).click(),
    ]);
    await chat.close();
    await page.getByText('Recorded on the case: client told.').waitFor({ timeout: WAIT_MS });

    await openCase('W.P. 1300/2025');
    const ur = await links();
    expect(ur.wa).toBe('https://wa.me/923001234567');
    expect(ur.sms).toBe('sms:+923001234567');
    expect(ur.waText).toMatch(
      /^آپ کا مقدمہ W\.P\. 1300\/2025 Zainab Bibi vs State، Lahore High Court, Lahore: /,
    );
    expect(ur.smsText).toBe(ur.waText);

    await openCase('W.P. 1400/2025');
    await expect
      .poll(
        () =>
          page
            .getByRole('main')
            .getByText(/No mobile number for the client/)
            .count(),
        { timeout: WAIT_MS },
      )
      .toBe(1);
    const add = page.getByRole('link', { name: 'Add a Number', exact: true });
    expect(await add.getAttribute('href')).toBe(`/users/edit/${encodeURIComponent(noNumberId)}`);
  } finally {
    await d?.ctx.close();
  }
});
