import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { adminToken, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { seedPetition } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';
import { downloadFrom, pdfPageTexts } from './downloads.ts';

const LAWYER = { name: 'Dated Lawyer', email: 'dated.lawyer@e2e.firm', password: 'dated-lawyer-pass-1' };
const STUDENT = { name: 'Dated Student', email: 'dated.student@e2e.firm', password: 'dated-student-pass-1' };
const WAIT_MS = 15_000;

let h: Harness;
let dir: string;
let photos: string[];
let petitionId: string;

const api = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await adminToken(h)}` },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  h = await startHarness();
  await createUserViaApi(h, { ...LAWYER, role_id: ROLE_IDS.LAWYER });
  await createUserViaApi(h, { ...STUDENT, role_id: ROLE_IDS.STUDENT });
  // A moot case, so the student's device receives it too.
  petitionId = await seedPetition(h, { case_no: '42', title: 'Moot v. Dated', is_moot_case: true });
  const type = await api('POST', '/api/module_types', { module_id: 1, title: 'Arguments Heard' });
  expect(type.statusCode, type.body).toBe(200);
  dir = mkdtempSync(join(tmpdir(), 'lf-e2e-dated-'));
  photos = [
    ['red.png', makePng(60, 40, () => [220, 30, 30])],
    ['green.png', makePng(60, 40, () => [30, 200, 60])],
  ].map(([name, bytes]) => {
    const p = join(dir, name as string);
    writeFileSync(p, bytes as Uint8Array);
    return p;
  });
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A dated module's form and index screen (part 2 §2.1–2.2) as a page model. */
const dated = (page: Page, slug: string) => ({
  save: () => page.getByRole('button', { name: 'Save', exact: true }).click(),
  openNew: () => page.goto(`/petition-${slug}-save/${petitionId}`),
  openIndex: () => page.goto(`/petition-${slug}-index/${petitionId}`),
  sidebar: (plural: string) => page.getByRole('navigation', { name: plural, exact: true }),
  fill: async (f: {
    title: string;
    date: string;
    dateLabel: string;
    type?: string;
    description?: string;
  }) => {
    await page.getByLabel('Title', { exact: true }).fill(f.title);
    await page.getByLabel(f.dateLabel, { exact: true }).fill(f.date);
    if (f.type) await page.getByLabel('Type', { exact: true }).selectOption({ label: f.type });
    if (f.description) await page.getByLabel('Description', { exact: true }).fill(f.description);
  },
});

const serverRecords = async (path: string) =>
  (await api('GET', `${path}?petition_id=${petitionId}`)).json<{
    records: { title: string; attachments: { file_name: string }[] }[];
  }>().records;

it('a lawyer offline adds an order sheet with two photos and a type, a talbana, a synopsis and a naqal form; after a reload offline they are there; an admin sees them, prints the order sheets and downloads an order sheet PDF; a student cannot edit', async () => {
  const devices: Device[] = [];
  try {
    const l = await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE);
    devices.push(l);
    l.page.setDefaultTimeout(WAIT_MS);
    const header = new SyncHeader(l.page);
    const sheets = dated(l.page, 'order-sheets');
    await sheets.openIndex();
    await l.page.getByText('No Records found.').waitFor();
    await l.page.getByRole('button', { name: 'Show Header' }).click();

    await l.ctx.setOffline(true);
    await header.offline().waitFor();
    await l.page.getByRole('link', { name: 'New Order Sheet', exact: true }).click();
    await l.page.getByRole('heading', { name: 'Add New Order Sheet' }).waitFor();
    await expectPhoneFriendly(l.page, l.page.getByLabel('Title', { exact: true }));
    await sheets.save();
    await l.page.getByText('Date field is required.').waitFor();
    await sheets.fill({
      title: 'Arguments heard',
      dateLabel: 'Order Sheet Date',
      date: '10/03/2026',
      type: 'Arguments Heard',
      description: 'Adjourned for reply.',
    });
    // The photos are chosen on the new sheet's form itself, kept on the phone with it when it is saved.
    await l.page.getByLabel('Choose files', { exact: true }).setInputFiles(photos);
    const held = l.page.getByRole('list', { name: 'Files to attach' });
    await held.getByText('green.png', { exact: true }).waitFor();
    expect(await held.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('red.png'),
      expect.stringContaining('green.png'),
    ]);
    await expectPhoneFriendly(l.page, l.page.getByLabel('Title', { exact: true }));
    await sheets.save();
    await l.page.waitForURL(/\/petition-order-sheets-index\/[^/]+\/[^/]+$/);
    await l.page.getByRole('heading', { name: 'Arguments heard' }).waitFor();
    await l.page.getByRole('figure', { name: 'Page 1', exact: true }).locator('img').waitFor();
    await l.page.getByRole('figure', { name: 'Page 2', exact: true }).locator('img').waitFor();

    for (const [slug, label, title] of [
      ['talbana', 'Talbana', 'Summons to respondent'],
      ['synopsis', 'Synopsis', 'Synopsis of arguments'],
      ['naqal-forms', 'Naqal Form', 'Certified copy of order'],
    ] as const) {
      const m = dated(l.page, slug);
      await m.openNew();
      await l.page.getByRole('heading', { name: `Add New ${label}` }).waitFor();
      await m.save();
      await l.page.getByText('Title field is required.').waitFor();
      await m.fill({ title, dateLabel: `${label} Date`, date: '11/03/2026' });
      // The certified copy is photographed page by page.
      if (slug === 'naqal-forms')
        await l.page.getByLabel('Choose files', { exact: true }).setInputFiles(photos);
      await m.save();
      await l.page.getByRole('heading', { name: title }).waitFor();
    }

    // The naqal form viewer (part 2 §2.2): page thumbnails scroll to their page 200 px from the top, and an
    // edit mode shows the attachments table.
    const thumbs = l.page.getByRole('navigation', { name: 'Pages' }).getByRole('button');
    expect(await thumbs.count()).toBe(2);
    await thumbs.nth(1).locator('img').waitFor();
    // Room below the last page, so the page can be scrolled to its offset on a short test page.
    await l.page.evaluate(() => (document.body.style.paddingBottom = '2000px'));
    await thumbs.nth(1).click();
    await expect.poll(() => thumbs.nth(1).getAttribute('aria-current')).toBe('true');
    const pageTwo = l.page.getByRole('figure', { name: 'Page 2', exact: true });
    await expect
      .poll(async () => Math.round((await pageTwo.boundingBox())?.y ?? -1), { timeout: 5_000 })
      .toBe(200);
    await l.page.evaluate(() => (document.body.style.paddingBottom = ''));
    await l.page.getByRole('button', { name: 'Edit Attachments', exact: true }).click();
    await l.page.getByRole('checkbox', { name: 'Select all' }).check();
    await l.page.getByRole('button', { name: /^Delete Selected/ }).waitFor();
    await l.page.getByRole('checkbox', { name: 'Select all' }).uncheck();
    await expectPhoneFriendly(l.page, l.page.getByRole('checkbox', { name: 'Select all' }));
    await l.page.getByRole('button', { name: 'Edit Attachments', exact: true }).click();
    await pageTwo.locator('img').waitFor();

    // Still only on this phone: reload with the network off and find everything.
    await l.page.reload();
    for (const [slug, plural, title] of [
      ['order-sheets', 'Order Sheets', 'Arguments Heard'],
      ['talbana', 'Talbana', 'Summons to respondent'],
      ['synopsis', 'Synopsis', 'Synopsis of arguments'],
      ['naqal-forms', 'Naqal Forms', 'Certified copy of order'],
    ] as const) {
      const m = dated(l.page, slug);
      await m.openIndex();
      await m.sidebar(plural).getByText(title, { exact: true }).waitFor();
    }
    expect(await serverRecords('/api/petition_talbana')).toEqual([]);

    await l.ctx.setOffline(false);
    await l.page.getByRole('button', { name: 'Show Header' }).click();
    await header.pending().waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(async () => (await serverRecords('/api/petition_order_sheets'))[0]?.attachments.length, {
        timeout: 20_000,
      })
      .toBe(2);
    for (const [path, title] of [
      ['/api/petition_talbana', 'Summons to respondent'],
      ['/api/petition_synopsis', 'Synopsis of arguments'],
      ['/api/petition_naqal_forms', 'Certified copy of order'],
    ] as const)
      expect((await serverRecords(path)).map((r) => r.title)).toEqual([title]);

    // The firm's admin, on a second browser, sees it all, prints the order sheets and downloads one as a PDF.
    const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    devices.push(a);
    a.page.setDefaultTimeout(WAIT_MS);
    const adminSheets = dated(a.page, 'order-sheets');
    await adminSheets.openIndex();
    await a.page.getByRole('heading', { name: 'Arguments heard' }).waitFor();
    await a.page.getByRole('figure', { name: 'Page 1', exact: true }).locator('img').waitFor();
    await a.page.getByRole('figure', { name: 'Page 2', exact: true }).locator('img').waitFor();
    await a.page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
    await expectPhoneFriendly(a.page, a.page.getByRole('heading', { name: 'Arguments heard' }));
    for (const slug of ['talbana', 'synopsis', 'naqal-forms']) {
      await dated(a.page, slug).openIndex();
      await a.page.getByRole('heading', { level: 1 }).first().waitFor();
    }

    const print = await a.ctx.newPage();
    await print.goto(`/print-order-sheets/${petitionId}`);
    await print.getByRole('heading', { name: 'Dates Of Hearing' }).waitFor({ timeout: WAIT_MS });
    const row = print.getByRole('row').filter({ hasText: '10/03/2026' });
    expect(await row.innerText()).toMatch(/1\s+10\/03\/2026\s+Arguments Heard/);
    await print.close();

    await adminSheets.openIndex();
    await a.page.getByRole('figure', { name: 'Page 2', exact: true }).locator('img').waitFor();
    const sheetPages = await pdfPageTexts(
      await downloadFrom(
        a.page.getByRole('button', { name: 'Download PDF', exact: true }),
        join(dir, 'order-sheet.pdf'),
      ),
    );
    // The heading page, then one page per photo.
    expect(sheetPages).toHaveLength(3);
    expect(sheetPages[0]).toContain('Order Sheet: Arguments heard - Arguments Heard');
    expect(sheetPages[0]).toContain('Date: 10/03/2026');

    // A student reads the moot case's order sheets but gets no Add, Edit, Delete or upload.
    const s = await signedInDevice(h, STUDENT.email, STUDENT.password, PHONE);
    devices.push(s);
    s.page.setDefaultTimeout(WAIT_MS);
    // Not in any of the four modules, whose items (and PDFs) it still reads.
    for (const [slug, title] of [
      ['order-sheets', 'Arguments heard'],
      ['talbana', 'Summons to respondent'],
      ['synopsis', 'Synopsis of arguments'],
      ['naqal-forms', 'Certified copy of order'],
    ] as const) {
      const m = dated(s.page, slug);
      await m.openIndex();
      await s.page.getByRole('heading', { name: title }).waitFor();
      for (const name of ['New Order Sheet', 'Add New', 'Edit'])
        expect(await s.page.getByRole('link', { name, exact: true }).count(), `${slug} ${name}`).toBe(0);
      for (const name of ['Delete', 'Edit Attachments'])
        expect(await s.page.getByRole('button', { name, exact: true }).count(), `${slug} ${name}`).toBe(0);
      expect(await s.page.getByLabel('Choose files').count()).toBe(0);
      await s.page.getByRole('button', { name: 'Download PDF', exact: true }).waitFor();
      await m.openNew();
      await s.page.getByText('This action is unauthorized.').waitFor();
      expect(await s.page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    }
    // Everyone who reads the case downloads an item's PDF (made on the device, the server's builder).
    await dated(s.page, 'naqal-forms').openIndex();
    // Both photos on this device (each page shows its own, fetched separately): the PDF is made from them.
    for (const n of [1, 2])
      await s.page
        .getByRole('figure', { name: `Page ${n}`, exact: true })
        .locator('img')
        .waitFor();
    const naqalPages = await pdfPageTexts(
      await downloadFrom(
        s.page.getByRole('button', { name: 'Download PDF', exact: true }),
        join(dir, 'naqal-form.pdf'),
      ),
    );
    expect(naqalPages).toHaveLength(3);
    expect(naqalPages[0]).toContain('Naqal Form: Certified copy of order');
  } finally {
    for (const d of devices) await d.ctx.close();
  }
}, 180_000);
