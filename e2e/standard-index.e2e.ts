import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { makeSmallPdf } from '@lawfirm/shared-types/pdf/testing/fixtures.ts';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { multipart } from '../sync-server/test/case-files-helpers.ts';
import { adminToken, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { seedIndexItem, seedPetition } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';
import { downloadFrom, pdfPageTexts } from './downloads.ts';

const LAWYER = {
  name: 'Case Law Lawyer',
  email: 'caselaw.lawyer@e2e.firm',
  password: 'caselaw-lawyer-pass-1',
};
const STUDENT = { name: 'Moot Student', email: 'moot.student@e2e.firm', password: 'moot-student-pass-1' };
const WAIT_MS = 15_000;

let h: Harness;
let dir: string;
let pdfPath: string;
let petitionId: string;
const png = makePng(64, 48, () => [30, 60, 220]);

beforeAll(async () => {
  h = await startHarness();
  await createUserViaApi(h, { ...LAWYER, role_id: ROLE_IDS.LAWYER, is_approved: true });
  await createUserViaApi(h, { ...STUDENT, role_id: ROLE_IDS.STUDENT, is_approved: true });
  petitionId = await seedPetition(h, { case_no: '77', title: 'Moot v. State', is_moot_case: true });
  // An index item with a photo, for the case annexure screen.
  const itemId = await seedIndexItem(h, {
    petition_id: petitionId,
    document_description: 'Writ',
    annexure: 'A',
  });
  const body = multipart(
    { attachmentable_id: itemId, attachmentable_type: 'PetitionIndex', petition_id: petitionId },
    [{ filename: 'annexure-a.png', type: 'image/png', data: Buffer.from(png) }],
  );
  const up = await h.app.inject({
    method: 'POST',
    url: '/api/attachments',
    headers: { authorization: `Bearer ${await adminToken(h)}`, ...body.headers },
    payload: body.payload,
  });
  expect(up.statusCode, up.body).toBe(200);
  dir = mkdtempSync(join(tmpdir(), 'lf-e2e-stdindex-'));
  pdfPath = join(dir, 'judgment.pdf');
  writeFileSync(pdfPath, await makeSmallPdf(2));
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The case laws list (/standard-index/{petition}/case_laws) as a page model. */
const caseLaws = (page: Page) => {
  const table = page.getByRole('table', { name: 'Case Laws' });
  const row = (d: string) =>
    table.getByRole('row').filter({ has: page.getByRole('link', { name: d, exact: true }) });
  return {
    table,
    row,
    open: async () => {
      await page.goto(`/standard-index/${petitionId}/case_laws`);
      await table.waitFor();
    },
    descriptions: () => table.locator('tbody a').allInnerTexts(),
    add: async (d: string, date: string) => {
      await table.getByLabel('New Description', { exact: true }).fill(d);
      await table.getByLabel('New Date', { exact: true }).fill(date);
      await table.getByRole('button', { name: 'Add', exact: true }).click();
      await row(d).waitFor();
    },
  };
};

const serverCaseLaws = async () =>
  (
    await h.app.inject({
      method: 'GET',
      url: `/api/case_laws/${petitionId}`,
      headers: { authorization: `Bearer ${await adminToken(h)}` },
    })
  ).json<{ index_data: { document_description: string; attachments: { file_name: string }[] }[] }>()
    .index_data;

it('a lawyer offline adds case laws (one with a PDF) and reorders them; after a reload offline all is there; an admin sees it; a student cannot edit; the annexure screen shows the images', async () => {
  const devices: Device[] = [];
  try {
    const l = await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE);
    devices.push(l);
    l.page.setDefaultTimeout(WAIT_MS);
    const list = caseLaws(l.page);
    const header = new SyncHeader(l.page);
    await list.open();
    await expectPhoneFriendly(l.page, list.table);

    await l.ctx.setOffline(true);
    await header.offline().waitFor();
    await list.add('PLD 2020 SC 1', '05/03/2020');
    await list.add('PLD 2021 Lah 5', '06/04/2021');
    await list.add('2022 SCMR 10', '07/05/2022');

    // The third one gets its judgment as a PDF, in the same viewer as the petition index.
    await list.row('2022 SCMR 10').getByRole('link', { name: '2022 SCMR 10', exact: true }).click();
    await l.page.getByRole('toolbar', { name: 'Document tools' }).waitFor();
    expect(new URL(l.page.url()).pathname).toMatch(/^\/standard-index-details\/[^/]+\/case_laws$/);
    await l.page.getByLabel('Choose files', { exact: true }).setInputFiles([pdfPath]);
    await l.page.getByRole('button', { name: 'Upload', exact: true }).click();
    await l.page
      .getByRole('figure', { name: 'Page 1', exact: true })
      .getByRole('link', { name: 'Click to Open' })
      .waitFor();
    await l.page
      .getByRole('navigation', { name: 'Annexures' })
      .getByRole('link', { name: 'Index', exact: true })
      .click();
    await list.table.waitFor();

    // Reordered with the keyboard-reachable buttons (drag and drop writes the same order). The table is on
    // screen before its rows are read: each step waits for the order it should show, not for any change.
    await expect.poll(() => list.descriptions()).toEqual(['PLD 2020 SC 1', 'PLD 2021 Lah 5', '2022 SCMR 10']);
    const order = ['2022 SCMR 10', 'PLD 2020 SC 1', 'PLD 2021 Lah 5'];
    for (const shown of [['PLD 2020 SC 1', '2022 SCMR 10', 'PLD 2021 Lah 5'], order]) {
      await list.row('2022 SCMR 10').getByRole('button', { name: 'Move up', exact: true }).click();
      await expect.poll(() => list.descriptions()).toEqual(shown);
    }
    // Two taps quicker than the device's database reads the first back (the second in the next task): each
    // moves the row a place.
    const twice = (label: 'Move up' | 'Move down') =>
      list
        .row('2022 SCMR 10')
        .getByRole('button', { name: label, exact: true })
        .evaluate(
          (b: HTMLElement) =>
            new Promise<void>((resolve) => {
              b.click();
              setTimeout(() => {
                b.click();
                resolve();
              });
            }),
        );
    await twice('Move down');
    await expect.poll(() => list.descriptions()).toEqual(['PLD 2020 SC 1', 'PLD 2021 Lah 5', '2022 SCMR 10']);
    await twice('Move up');
    await expect.poll(() => list.descriptions()).toEqual(order);
    // A move shows at once; the table is aria-busy until its writes are stored.
    await expect.poll(() => list.table.getAttribute('aria-busy')).toBeNull();
    expect(await serverCaseLaws()).toEqual([]);

    await l.page.reload();
    await list.table.waitFor();
    // As above: the reloaded table is on screen before its rows.
    await expect.poll(() => list.descriptions()).toEqual(order);
    await list.row('2022 SCMR 10').getByRole('link', { name: '2022 SCMR 10', exact: true }).click();
    await l.page.getByRole('figure', { name: 'Page 1', exact: true }).waitFor();
    await l.page.goBack();
    await list.table.waitFor();

    await l.ctx.setOffline(false);
    await header.pending().waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(async () => (await serverCaseLaws()).map((d) => [d.document_description, d.attachments.length]), {
        timeout: 20_000,
      })
      .toEqual([
        ['2022 SCMR 10', 1],
        ['PLD 2020 SC 1', 0],
        ['PLD 2021 Lah 5', 0],
      ]);

    // The firm's admin, on a second browser.
    const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    devices.push(a);
    a.page.setDefaultTimeout(WAIT_MS);
    const adminList = caseLaws(a.page);
    await adminList.open();
    await adminList.row('PLD 2021 Lah 5').waitFor();
    expect(await adminList.descriptions()).toEqual(order);
    await adminList.row('2022 SCMR 10').getByRole('link', { name: '2022 SCMR 10', exact: true }).click();
    await a.page
      .getByRole('figure', { name: 'Page 1', exact: true })
      .getByRole('link', { name: 'Click to Open' })
      .waitFor();
    // With the site header hidden, the sync state sits on the viewer's toolbar, readable there (axe).
    const tools = a.page.getByRole('toolbar', { name: 'Document tools' });
    await tools
      .getByRole('status', { name: 'Connection and sync' })
      .getByText('Online', { exact: true })
      .waitFor();
    await expectPhoneFriendly(a.page, tools);

    // The case annexure screen: header hidden, every index image stacked, the table linking to its item.
    await a.page.goto(`/all-indexes-details/${petitionId}`);
    const image = a.page.getByRole('figure', { name: 'Page 1', exact: true }).getByRole('img');
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(64);
    expect(await a.page.getByRole('banner').isVisible()).toBe(false);
    await expectPhoneFriendly(a.page, image);
    await a.page.getByRole('button', { name: 'Carousel', exact: true }).click();
    await a.page.getByText('1 of 1', { exact: true }).waitFor();
    await a.page.getByRole('figure', { name: 'Page 1', exact: true }).getByRole('img').waitFor();
    await a.page.getByRole('button', { name: 'Show Header', exact: true }).click();
    await a.page.getByRole('banner').waitFor();
    await a.page.getByRole('button', { name: 'Table', exact: true }).click();
    await a.page.getByRole('checkbox', { name: 'Select all' }).waitFor();
    await a.page.getByRole('link', { name: 'annexure-a', exact: true }).click();
    await a.page.waitForURL('**/petition-index-details/**');
    await a.page.getByRole('heading', { name: 'Writ', level: 1 }).waitFor();

    // A student reads the moot case's list but cannot add, edit, reorder or upload.
    const s = await signedInDevice(h, STUDENT.email, STUDENT.password, PHONE);
    devices.push(s);
    s.page.setDefaultTimeout(WAIT_MS);
    const studentList = caseLaws(s.page);
    await studentList.open();
    await studentList.row('PLD 2021 Lah 5').waitFor();
    expect(await studentList.descriptions()).toEqual(order);
    expect(await studentList.table.getByLabel('New Description').count()).toBe(0);
    expect(
      await studentList.table.getByRole('button', { name: /^(Move up|Move down|Edit|Delete)/ }).count(),
    ).toBe(0);
    // Nor any other list of the case.
    for (const [moduleType, caption] of [
      ['oral_arguments', 'Oral Arguments'],
      ['extra_documents', 'Extra Documents'],
      ['judgements', 'Judgements'],
    ] as const) {
      await s.page.goto(`/standard-index/${petitionId}/${moduleType}`);
      const table = s.page.getByRole('table', { name: caption });
      await table.waitFor();
      expect(await table.getByLabel('New Description').count(), moduleType).toBe(0);
    }
    await studentList.open();
    await studentList.row('2022 SCMR 10').getByRole('link', { name: '2022 SCMR 10', exact: true }).click();
    await s.page.getByRole('toolbar', { name: 'Document tools' }).waitFor();
    // The judgment is on this device once its page offers it ('Click to Open'): the PDF is made from the
    // device's copy, and one asked for before it came says 'File could not be included' in its place.
    await s.page
      .getByRole('figure', { name: 'Page 1', exact: true })
      .getByRole('link', { name: 'Click to Open' })
      .waitFor();
    expect(await s.page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await s.page.getByLabel('Choose files').count()).toBe(0);
    // A reader downloads the entry's PDF (issue 12 item 4), made on the device: its line, then the judgment.
    const lawPages = await pdfPageTexts(
      await downloadFrom(
        s.page.getByRole('button', { name: 'Download PDF', exact: true }),
        join(dir, 'case-law.pdf'),
      ),
    );
    expect(lawPages).toHaveLength(3);
    expect(lawPages[0]).toContain('2022 SCMR 10');
  } finally {
    for (const d of devices) await d.ctx.close();
  }
}, 180_000);
