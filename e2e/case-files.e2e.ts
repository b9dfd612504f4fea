import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { createUserViaApi } from './api.ts';
import { E2E_ADMIN, loginThroughUi, startHarness, type Harness } from './harness.ts';
import { CaseListPage } from './pages/CaseListPage.ts';
import { DocumentViewerPage } from './pages/DocumentViewerPage.ts';
import { PetitionFormPage } from './pages/PetitionFormPage.ts';
import { PetitionPage, shortDate } from './pages/PetitionPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import {
  seedCaseCategory,
  seedCourtId,
  seedHearingDate,
  seedIndexItem,
  seedPendingTag,
  seedPetition,
} from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

const LAWYER = { name: 'Usman Tariq', email: 'usman.lawyer@e2e.firm', password: 'usman-lawyer-password' };
const STUDENT = { name: 'Sana Student', email: 'sana.student@e2e.firm', password: 'sana-student-password' };
const COURT = 'Lahore High Court, Lahore';
const CATEGORY = { title: 'Writ Petition', abbreviation: 'WP' };
/** What "within seconds" means for a change to reach a device that is online (the server's poke). */
const POKE_MS = 5_000;

type TRgb = [number, number, number];
const RED: TRgb = [220, 30, 30];
const GREEN: TRgb = [30, 160, 60];
const BLUE: TRgb = [30, 60, 220];
/** Only the last journey uses it: the server must not have these bytes from an earlier one (files are by hash). */
const YELLOW: TRgb = [230, 200, 20];

let h: Harness;
let dir: string;
const photos: Record<'red' | 'green' | 'blue' | 'yellow', string> = {
  red: '',
  green: '',
  blue: '',
  yellow: '',
};

beforeAll(async () => {
  h = await startHarness();
  const court = await seedCourtId(h, COURT);
  await seedCaseCategory(h, { ...CATEGORY, court_ids: [court] });
  await createUserViaApi(h, { ...LAWYER, role_id: ROLE_IDS.LAWYER, is_approved: true });
  await createUserViaApi(h, { ...STUDENT, role_id: ROLE_IDS.STUDENT, is_approved: true });
  // Small, real, differently coloured photos (64×48 PNGs made in memory), as a phone's camera would give.
  dir = mkdtempSync(join(tmpdir(), 'lf-e2e-photos-'));
  for (const [name, rgb] of [
    ['red', RED],
    ['green', GREEN],
    ['blue', BLUE],
    ['yellow', YELLOW],
  ] as const) {
    photos[name] = join(dir, `${name}-page.png`);
    writeFileSync(
      photos[name],
      makePng(64, 48, () => rgb),
    );
  }
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every wait of these journeys is for something visible within seconds: fail fast rather than at 30 s. */
const WAIT_MS = 10_000;
const bounded = <T extends { page: Page }>(d: T): T => {
  d.page.setDefaultTimeout(WAIT_MS);
  return d;
};

const close = async (...devices: (Device | undefined)[]) => {
  for (const d of devices) await d?.ctx.close();
};

/** An ISO date `days` from today on this machine's calendar (the browser's too). */
function isoInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Each channel within a small distance of the colour that was photographed. */
const near = (got: number[], want: TRgb) => want.every((c, i) => Math.abs(c - got[i]!) <= 8);

/** The case list has loaded from the device's first download (courts, categories and cases are here). */
async function caseListLoaded(list: CaseListPage): Promise<void> {
  await list.open();
  await list.empty().or(list.cards().first()).waitFor();
}

/** Every page of the open viewer shows its photo (decoded, width > 0) in the colour photographed. */
async function expectPhotos(viewer: DocumentViewerPage, colours: TRgb[]): Promise<void> {
  await expect.poll(() => viewer.pageNumbers().count()).toBe(colours.length);
  for (const [i, colour] of colours.entries()) {
    await viewer.pageImage(i + 1).waitFor();
    await expect.poll(() => viewer.naturalWidth(i + 1)).toBe(64);
    const got = await viewer.colour(i + 1);
    expect(near(got, colour), `page ${i + 1} is ${got.join(',')}, not ${colour.join(',')}`).toBe(true);
  }
}

it('a lawyer builds a case file with no network; it survives a reload and reaches the admin once online', async () => {
  let a: Device | undefined;
  let b: Device | undefined;
  try {
    a = bounded(await signedInDevice(h, LAWYER.email, LAWYER.password));
    b = bounded(await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password));
    const header = new SyncHeader(a.page);
    const list = new CaseListPage(a.page);
    const form = new PetitionFormPage(a.page);
    const petition = new PetitionPage(a.page);
    const viewer = new DocumentViewerPage(a.page);
    // The admin keeps the case list open the whole time.
    const bList = new CaseListPage(b.page);
    await caseListLoaded(bList);

    await caseListLoaded(list);
    await a.ctx.setOffline(true);
    await header.offline().waitFor();

    // A new case: two petitioners, one opponent, a court and its category.
    await list.newCase().click();
    await form.ready();
    await form.fill({
      caseNo: '12',
      year: '2026',
      title: 'Ali Raza v. Province of Punjab',
      court: COURT,
      category: 'Writ Petition (WP)',
      lawyers: [LAWYER.name],
      institutionDate: '02/03/2026',
      petitioners: ['Ali Raza', 'Fatima Bibi'],
      opponents: ['Province of Punjab'],
    });
    const id = await form.save();
    await petition.indexTable().waitFor();
    await petition.heading().getByText('WP 12/2026', { exact: true }).waitFor();
    await expect.poll(() => petition.fact('Petitioner').innerText()).toBe('Ali Raza, Fatima Bibi');
    await expect.poll(() => petition.fact('Opponent').innerText()).toBe('Province of Punjab');

    // Three index items, a photo on each (the viewer's Next goes through them in index order).
    const memo = 'Memo of Writ Petition';
    const affidavit = 'Affidavit of Petitioner';
    const order = 'Copy of Impugned Order';
    await petition.addItem({ description: memo, date: '01/03/2026', annexure: 'A', page: '1-10' });
    await petition.addItem({ description: affidavit, annexure: 'B' });
    await petition.addItem({ description: order, annexure: 'C' });
    expect(await petition.descriptions()).toEqual([memo, affidavit, order]);
    await petition.openItem(memo);
    await viewer.upload([photos.red], 1);
    await viewer.goNext(affidavit);
    await viewer.upload([photos.green], 1);
    await viewer.goNext(order);
    await viewer.upload([photos.blue], 1);
    await viewer.backToIndex();

    // Reordered with the keyboard-friendly buttons: the order becomes order, memo, affidavit.
    await petition.move(order, 'up');
    await petition.move(memo, 'down');
    expect(await petition.descriptions()).toEqual([order, memo, affidavit]);

    const hearing = isoInDays(14);
    await petition.setHearingDate(hearing);
    await petition.addPendingTag('L-42');
    await header.pending().waitFor();
    await header.offline().waitFor();

    // A reload with no network: everything is still on the device.
    await a.page.reload();
    await petition.indexTable().waitFor();
    await header.offline().waitFor();
    await petition.heading().getByText('Ali Raza v. Province of Punjab', { exact: true }).waitFor();
    await expect.poll(() => petition.fact('Petitioner').innerText()).toBe('Ali Raza, Fatima Bibi');
    await expect.poll(() => petition.fact('Opponent').innerText()).toBe('Province of Punjab');
    await expect.poll(() => petition.descriptions()).toEqual([order, memo, affidavit]);
    await petition.hearingButton(shortDate(hearing)).waitFor();
    await petition.pendingTagButton('L-42').waitFor();
    await petition.openItem(order);
    await expectPhotos(viewer, [BLUE]);
    await viewer.goNext(memo);
    await expectPhotos(viewer, [RED]);
    await viewer.goNext(affidavit);
    await expectPhotos(viewer, [GREEN]);
    await viewer.notSynced().first().waitFor();
    // Nothing has reached the admin.
    expect(await bList.card('WP 12/2026').count()).toBe(0);

    // Online: the queue goes, then the photos; each page loses its 'Not synced yet' once its bytes are sent.
    await a.ctx.setOffline(false);
    await header.online().waitFor();
    await header.pending().waitFor({ state: 'detached', timeout: POKE_MS });
    for (const [title, go] of [
      [affidavit, null],
      [memo, 'previous'],
      [order, 'previous'],
    ] as const) {
      if (go) {
        await viewer.previous().click();
        await viewer.title().getByText(title, { exact: true }).waitFor();
      }
      await viewer.pageImage(1).waitFor();
      await viewer.notSynced().waitFor({ state: 'detached', timeout: POKE_MS });
    }
    await header.uploading().waitFor({ state: 'detached', timeout: POKE_MS });

    // The admin's open list shows the case with its hearing date and tag, without a reload.
    const card = bList.card('WP 12/2026');
    await card.waitFor({ timeout: POKE_MS });
    await bList.hearingButton('WP 12/2026', shortDate(hearing)).waitFor({ timeout: POKE_MS });
    await card.getByRole('button', { name: 'Pending Tag L-42', exact: true }).waitFor();
    await bList.view('WP 12/2026');
    const bPetition = new PetitionPage(b.page);
    await bPetition.indexTable().waitFor();
    expect(new URL(b.page.url()).pathname).toBe(`/petitions/${id}`);
    await expect.poll(() => bPetition.descriptions()).toEqual([order, memo, affidavit]);
    await expect.poll(() => bPetition.fact('Petitioner').innerText()).toBe('Ali Raza, Fatima Bibi');
    await bPetition.hearingButton(shortDate(hearing)).waitFor();
    const bViewer = new DocumentViewerPage(b.page);
    await bPetition.openItem(order);
    await expectPhotos(bViewer, [BLUE]);
    await bViewer.goNext(memo);
    await expectPhotos(bViewer, [RED]);
    await bViewer.goNext(affidavit);
    await expectPhotos(bViewer, [GREEN]);
  } finally {
    await close(a, b);
  }
});

it('a student reads a moot case without any editing control, and never sees a case that is not moot', async () => {
  const courtId = await seedCourtId(h, 'Moot Court of the Law College');
  const moot = await seedPetition(h, {
    case_no: '77',
    year: 2025,
    title: 'Hamid Ali v. The State',
    court_id: courtId,
    is_moot_case: true,
    petitioners: ['Hamid Ali'],
    opponents: ['The State'],
  });
  const secret = await seedPetition(h, {
    case_no: '88',
    year: 2025,
    title: 'Crescent Bank v. Noor Traders',
    court_id: courtId,
    petitioners: ['Crescent Bank'],
    opponents: ['Noor Traders'],
  });
  await seedIndexItem(h, { petition_id: moot, document_description: 'Moot Problem', annexure: 'A' });
  await seedPendingTag(h, moot, 'M-1');
  await seedHearingDate(h, moot, isoInDays(7));

  const ctx = await h.newContext();
  try {
    const { page } = bounded({ page: await ctx.newPage() });
    await loginThroughUi(page, STUDENT.email, STUDENT.password);
    await page.waitForURL('**/dashboard');
    const list = new CaseListPage(page);
    await list.open();
    const card = list.card('77/2025');
    await card.waitFor();
    // Only the moot case came to this device.
    expect(await list.cards().count()).toBe(1);
    expect(await list.card('88/2025').count()).toBe(0);
    await list.search({ partyName: 'Crescent' });
    await list.empty().waitFor();
    await list.open();
    await card.waitFor();

    expect(await list.newCase().count()).toBe(0);
    for (const name of ['Edit', 'Delete', 'Archive', 'Add Pending Tag', 'Pending Tag M-1'])
      expect(
        await card
          .getByRole('button', { name, exact: true })
          .or(card.getByRole('link', { name, exact: true }))
          .count(),
      ).toBe(0);
    expect(await list.hearingButton('77/2025').count()).toBe(0);
    await card.getByText('M-1', { exact: true }).waitFor();

    await list.view('77/2025');
    const petition = new PetitionPage(page);
    await petition.row('Moot Problem').waitFor();
    await petition.heading().getByText('Hamid Ali v. The State', { exact: true }).waitFor();
    await petition.pendingTagText('M-1').waitFor();
    expect(await petition.editLink().count()).toBe(0);
    expect(await petition.hearingButton().count()).toBe(0);
    expect(await petition.pendingTagButton('M-1').count()).toBe(0);
    expect(await petition.newRowInput('Description').count()).toBe(0);
    expect(await petition.addButton().count()).toBe(0);
    expect(await petition.indexTable().getByRole('button').count()).toBe(0);
    expect(await petition.indexTable().getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);

    await petition.openItem('Moot Problem');
    const viewer = new DocumentViewerPage(page);
    await viewer.title().getByText('Moot Problem', { exact: true }).waitFor();
    expect(await viewer.uploadButton().count()).toBe(0);
    expect(await viewer.chooseFiles().count()).toBe(0);
    expect(await viewer.editButton().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Take Photo', exact: true }).count()).toBe(0);

    // Typed addresses give nothing either.
    await page.goto(`/petitions/${secret}`);
    await petition.noRecords().waitFor();
    await page.goto('/petitions/create');
    await page.getByText('You do not have access to this page.').waitFor();
  } finally {
    await ctx.close();
  }
});

it('the case file PDF is made on the device with no network and reads back with its pages and names', async () => {
  let a: Device | undefined;
  try {
    a = bounded(await signedInDevice(h, LAWYER.email, LAWYER.password));
    const header = new SyncHeader(a.page);
    const list = new CaseListPage(a.page);
    const form = new PetitionFormPage(a.page);
    const petition = new PetitionPage(a.page);
    const viewer = new DocumentViewerPage(a.page);
    await caseListLoaded(list);
    await a.ctx.setOffline(true);
    await header.offline().waitFor();

    const title = 'Ayesha Siddiqui v. Federation of Pakistan';
    const urdu = 'مقدمہ نمبر 123/2024';
    await list.newCase().click();
    await form.ready();
    await form.fill({
      caseNo: '345',
      year: '2024',
      title,
      court: COURT,
      petitioners: ['Ayesha Siddiqui', urdu],
      opponents: ['Federation of Pakistan'],
    });
    await form.save();
    await petition.indexTable().waitFor();
    await expect.poll(() => petition.fact('Petitioner').innerText()).toBe(`Ayesha Siddiqui, ${urdu}`);
    await petition.addItem({ description: 'Memo of Petition', annexure: 'A' });
    await petition.addItem({ description: 'Vakalatnama', annexure: 'B' });
    await petition.openItem('Memo of Petition');
    await viewer.upload([photos.red, photos.green], 2);
    await viewer.goNext('Vakalatnama');
    await viewer.upload([photos.blue], 1);
    await viewer.backToIndex();

    const download = await petition.downloadPdf();
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = join(dir, 'case-file.pdf');
    await download.saveAs(file);
    await a.page.getByText('File Downloaded SuccessFully').waitFor();
    await header.offline().waitFor();

    const bytes = new Uint8Array(await readFile(file));
    const pdf = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
    try {
      // A cover, one index page, then one page per photo.
      expect(pdf.numPages).toBe(1 + 1 + 3);
      const pages: string[] = [];
      for (let i = 1; i <= pdf.numPages; i++) {
        const content = await (await pdf.getPage(i)).getTextContent();
        pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
      }
      const all = pages.join('\n');
      expect(all).toContain(title);
      expect(pages[0]).toContain('Ayesha Siddiqui');
      expect(pages[0]).toContain('123/2024');
      expect(pages[1]).toContain('INDEX');
      // The index points at the pages where each item's photos really are.
      expect(pages[1]).toMatch(/1\s*Memo of Petition\s*A\s*3-4/);
      expect(pages[1]).toMatch(/2\s*Vakalatnama\s*B\s*5/);
      expect(pages.slice(2).map((t) => t.replace(/\s*\d+ \/ \d+$/, ''))).toEqual([
        'A — Memo of Petition',
        'A — Memo of Petition',
        'B — Vakalatnama',
      ]);
    } finally {
      await pdf.destroy();
    }
  } finally {
    await close(a);
  }
});

it('an admin looking at a document sees a photo that is still being uploaded as soon as the upload ends', async () => {
  const petitionId = await seedPetition(h, {
    case_no: '9',
    year: 2026,
    title: 'Kamran Akmal v. WAPDA',
    petitioners: ['Kamran Akmal'],
  });
  const itemId = await seedIndexItem(h, {
    petition_id: petitionId,
    document_description: 'Electricity Bill',
  });
  const lawyerCtx = await h.newContext();
  const adminCtx = await h.newContext();
  try {
    const { page: a } = bounded({ page: await lawyerCtx.newPage() });
    const { page: b } = bounded({ page: await adminCtx.newPage() });
    await loginThroughUi(a, LAWYER.email, LAWYER.password);
    await loginThroughUi(b, E2E_ADMIN.email, E2E_ADMIN.password);
    await a.waitForURL('**/dashboard');
    await b.waitForURL('**/dashboard');
    // The admin has the (still empty) document open.
    const bViewer = new DocumentViewerPage(b);
    await bViewer.open(itemId);
    await b.getByText('No attachments in this category.').waitFor();

    // The lawyer photographs it with no signal; back online, the network is slow: the attachment row reaches
    // the server (it is pushed first) while the photo's bytes are held back.
    const viewer = new DocumentViewerPage(a);
    await viewer.open(itemId);
    await lawyerCtx.setOffline(true);
    await new SyncHeader(a).offline().waitFor();
    await viewer.upload([photos.yellow], 1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await a.route('**/uploads', async (route) => {
      await held;
      await route.continue();
    });
    await lawyerCtx.setOffline(false);
    await new SyncHeader(a).pending().waitFor({ state: 'detached', timeout: POKE_MS });

    // The admin's page gets the new page at once, saying its photo is on its way (not an error with Retry).
    await bViewer
      .pageFigure(1)
      .getByText(/^Not uploaded yet/)
      .waitFor({ timeout: POKE_MS });
    expect(await bViewer.pageImage(1).count()).toBe(0);

    release();
    await viewer.notSynced().waitFor({ state: 'detached', timeout: POKE_MS });
    // Nothing to press: the admin's page shows the photo by itself.
    await bViewer.pageImage(1).waitFor({ timeout: POKE_MS });
    await expectPhotos(bViewer, [YELLOW]);
    expect(await b.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  } finally {
    await lawyerCtx.close();
    await adminCtx.close();
  }
});
