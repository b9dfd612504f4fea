import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { adminToken } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { CaseListPage } from './pages/CaseListPage.ts';
import { DocumentViewerPage } from './pages/DocumentViewerPage.ts';
import { PetitionPage, shortDate } from './pages/PetitionPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, phone, PHONES } from './phone.ts';
import {
  seedCaseCategory,
  seedCourtId,
  seedHearingDate,
  seedIndexItem,
  seedPendingTag,
  seedPetition,
} from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

/**
 * Case files on a phone (issue 11 items 4, 5, 7): the case list's first screen, the folded filters, the order
 * by next hearing, tap targets, the hearing date's delete asked twice, honest words for saves made offline,
 * and Urdu names drawn with the bundled font on a machine that has none.
 */

/** A change reaching the server once the phone is back online (sync on `online`, then the photo's bytes). */
const SYNC_MS = 15_000;
/** Every wait is for something visible: generous for a first sync on a busy machine, still failing fast. */
const WAIT_MS = 15_000;

const LAHORE = 'Lahore High Court, Lahore';
const KARACHI = 'Sindh High Court, Karachi';
const URDU_NAME = 'محمد اسلم شاہ';
const URDU_TITLE = 'مقدمہ نمبر ۱۲ بنام سرکار';

let h: Harness;
let dir: string;
let photo: string;
let lahore: string;
let category: string;
/** Case number -> id, and the cases' next hearings (days from today) where they have one. */
const ids = new Map<string, string>();
const HEARINGS: Record<string, number> = { '101/2026': 9, '103/2026': 3, '105/2026': 6 };

/** An ISO date `days` from today on this machine's calendar (the browser's too). */
function isoInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

beforeAll(async () => {
  h = await startHarness();
  lahore = await seedCourtId(h, LAHORE);
  const karachi = await seedCourtId(h, KARACHI);
  category = await seedCaseCategory(h, {
    title: 'Writ Petition',
    abbreviation: 'WP',
    court_ids: [lahore, karachi],
  });
  // Six cases, oldest first (the list shows newest first): 101..106/2026.
  const parties = ['Ali Raza', 'Fatima Bibi', 'Hamid Khan', 'Zainab Noor', 'Bilal Ahmed', 'Sana Mir'];
  for (const [i, name] of parties.entries()) {
    const no = `${101 + i}/2026`;
    const id = await seedPetition(h, {
      case_no: String(101 + i),
      year: 2026,
      title: `${name} v. Province of Punjab and others`,
      court_id: i % 2 ? karachi : lahore,
      petition_type_id: category,
      petitioners: [name],
      opponents: ['Province of Punjab'],
    });
    ids.set(no, id);
    if (HEARINGS[no] !== undefined) await seedHearingDate(h, id, isoInDays(HEARINGS[no]));
  }
  await seedPendingTag(h, ids.get('101/2026')!, 'L-7');
  dir = mkdtempSync(join(tmpdir(), 'lf-e2e-phone-cases-'));
  photo = join(dir, 'order-photo.png');
  writeFileSync(
    photo,
    makePng(64, 48, () => [40, 90, 200]),
  );
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const bounded = (d: Device): Device => {
  d.page.setDefaultTimeout(WAIT_MS);
  return d;
};

/** The server's next hearing of a case (dd/mm/yyyy), or null: what every other device will get. */
async function serverNextHearing(petitionId: string): Promise<string | null> {
  const r = await h.app.inject({
    method: 'POST',
    url: '/api/get_next_hearing_ordersheet',
    headers: { authorization: `Bearer ${await adminToken(h)}` },
    payload: { petition_id: petitionId },
  });
  expect(r.statusCode).toBe(200);
  return (
    r.json<{ nextHearingOrderSheet: { order_sheet_date: string } | null }>().nextHearingOrderSheet
      ?.order_sheet_date ?? null
  );
}

/** The server's attachments of an index item. */
async function serverAttachments(itemId: string): Promise<unknown[]> {
  const r = await h.app.inject({
    method: 'GET',
    url: `/api/petitions_index/${itemId}`,
    headers: { authorization: `Bearer ${await adminToken(h)}` },
  });
  expect(r.statusCode).toBe(200);
  return r.json<{ petition_index: { attachments: unknown[] } }>().petition_index.attachments;
}

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A notice (toast) the user reads: its title, and its words when given. */
const notice = (page: Page, title: string, text?: string) => {
  const n = page.locator('.toasts').getByRole('status').filter({ hasText: title });
  return text === undefined ? n : n.filter({ hasText: text });
};

describe('the case list on a phone', () => {
  for (const viewport of PHONES) {
    it(`at ${viewport.width}x${viewport.height}: cases first, filters folded with their count, order by next hearing`, async () => {
      let d: Device | undefined;
      try {
        d = bounded(await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(viewport)));
        const { page } = d;
        const list = new CaseListPage(page);
        await list.open();
        await list.card('WP 106/2026').waitFor();
        // A card's next hearing comes from a second read of the device's database, after the cards: wait until
        // the cards show it before measuring or reading them.
        await list.hearingButton('WP 101/2026', shortDate(isoInDays(9))).waitFor();

        // Cases first: the filters are folded behind their button, nothing active.
        expect(await list.filtersButton().getAttribute('aria-expanded')).toBe('false');
        expect(await list.filtersButton().innerText()).toBe('Filters');
        expect(await list.searchForm().isVisible()).toBe(false);
        // Kept after the run, for a person to look at.
        const shot = join(tmpdir(), `lf-e2e-case-list-${viewport.width}x${viewport.height}.png`);
        await page.screenshot({ path: shot });
        const boxes = [];
        for (const n of ['WP 106/2026', 'WP 105/2026', 'WP 104/2026'])
          boxes.push(await list.card(n).boundingBox());
        // Compact cards, one under the other, the third still whole on the first screen at 390x844.
        for (const b of boxes) expect(b!.height, 'a compact card').toBeLessThanOrEqual(150);
        expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);
        if (viewport.height >= 844)
          expect(
            boxes[2]!.y + boxes[2]!.height,
            `three cases on the first screen (${shot})`,
          ).toBeLessThanOrEqual(viewport.height);
        // Each card: case number, title, court, next hearing, pending tag.
        const first = list.card('WP 101/2026');
        await first.scrollIntoViewIfNeeded();
        expect(await first.innerText()).toMatch(
          new RegExp(
            `WP 101/2026[\\s\\S]*Ali Raza v\\. Province of Punjab and others[\\s\\S]*${LAHORE}[\\s\\S]*Next Hearing Date\\s+${shortDate(isoInDays(9))}`,
          ),
        );
        await first.getByRole('button', { name: 'Pending Tag L-7', exact: true }).waitFor();
        // Delete is one tap further, under More, and alone at its bottom: never beside a frequent action.
        expect(await first.getByRole('button', { name: 'Delete', exact: true }).isVisible()).toBe(false);
        const more = await list.more('WP 101/2026');
        const del = await more.getByRole('button', { name: 'Delete', exact: true }).boundingBox();
        const archive = await more.getByRole('button', { name: 'Archive', exact: true }).boundingBox();
        expect(
          del!.y - (archive!.y + archive!.height),
          'Delete is below the other actions, apart',
        ).toBeGreaterThan(16);
        await first.locator('summary').click();

        // Deleting a case asks first, then takes the card off the list with Undo; Undo brings it back whole.
        const last = list.card('WP 102/2026');
        await (await list.more('WP 102/2026')).getByRole('button', { name: 'Delete', exact: true }).click();
        const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to Delete?' });
        await confirm.getByText('Case WP 102/2026 and all its documents will be deleted.').waitFor();
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await last.waitFor({ state: 'detached' });
        await notice(page, 'Case WP 102/2026 deleted.').getByRole('button', { name: 'Undo' }).click();
        await last.waitFor();
        expect(await new SyncHeader(page).pending().count()).toBe(0);
        await last.locator('summary').click();

        await page.evaluate(() => window.scrollTo(0, 0));
        await expectPhoneFriendly(page, list.card('WP 106/2026'));

        // Two filters from the address: the button counts them, the form stays folded until asked.
        await page.goto(`/petitions?court_id=${lahore}&pending=1`);
        await list.card('WP 101/2026').waitFor();
        expect(await list.cards().count()).toBe(1);
        await page.getByRole('button', { name: 'Filters 2 active', exact: true }).waitFor();
        expect(await list.searchForm().isVisible()).toBe(false);
        await list.openFilters();
        expect(await list.searchForm().getByLabel('Pending Cases Only').isChecked()).toBe(true);
        await list.searchForm().getByRole('button', { name: 'Reset', exact: true }).click();
        await list.card('WP 106/2026').waitFor();
        await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();

        // By next hearing when asked: the soonest first, cases without a hearing after them.
        await list.order().selectOption({ label: 'Next hearing' });
        await page.waitForURL(/order=hearing/);
        await expect
          .poll(() => list.cards().getByRole('heading', { level: 2 }).allInnerTexts())
          .toEqual([
            'WP 103/2026',
            'WP 105/2026',
            'WP 101/2026',
            'WP 106/2026',
            'WP 104/2026',
            'WP 102/2026',
          ]);

        // The petition page passes the same checks.
        await list.view('WP 103/2026');
        const petition = new PetitionPage(page);
        await petition.indexTable().waitFor();
        await expectPhoneFriendly(page, petition.heading());
      } finally {
        await d?.ctx.close();
      }
    });
  }
});

describe('honest words and safe deletes', () => {
  it('a hearing date and a photo saved offline say so; back online the user reads that they were sent', async () => {
    const petitionId = ids.get('104/2026')!;
    const itemId = await seedIndexItem(h, {
      petition_id: petitionId,
      document_description: 'Order Sheet Copy',
    });
    let d: Device | undefined;
    try {
      d = bounded(await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(PHONES[1])));
      const { page } = d;
      const header = new SyncHeader(page);
      const petition = new PetitionPage(page);
      await petition.open(petitionId);
      await petition.row('Order Sheet Copy').waitFor();
      await d.ctx.setOffline(true);
      await header.offline().waitFor();

      const hearing = isoInDays(12);
      await petition.setHearingDate(hearing);
      await notice(page, 'Saved on this device.', 'It will be sent when you are online.').waitFor();
      await header.pending(1).waitFor();
      expect(await page.getByText('Hearing Date Added Successfully!').count()).toBe(0);

      await petition.openItem('Order Sheet Copy');
      const viewer = new DocumentViewerPage(page);
      await viewer.upload([photo], 1);
      await notice(page, 'Saved on this device.', 'It will be sent when you are online.').last().waitFor();
      await header.pending(2).waitFor();
      expect(await page.getByText('Files Uploaded Successfully!').count()).toBe(0);
      expect(await serverNextHearing(petitionId)).toBeNull();
      expect(await serverAttachments(itemId)).toEqual([]);

      // Back online: the spec's words come once the server has each of them.
      await d.ctx.setOffline(false);
      await notice(page, 'Hearing Date Added Successfully!', 'Sent to the server.').waitFor({
        timeout: SYNC_MS,
      });
      await notice(page, 'Files Uploaded Successfully!', 'Sent to the server.').waitFor({ timeout: SYNC_MS });
      await header.pending().waitFor({ state: 'detached' });
      expect(await serverNextHearing(petitionId)).toBe(dmy(hearing));
      expect(await serverAttachments(itemId)).toHaveLength(1);
    } finally {
      await d?.ctx.close();
    }
  });

  it('deleting a hearing date asks twice: Cancel keeps it, Undo brings it back, Delete removes it', async () => {
    const petitionId = ids.get('105/2026')!;
    const date = shortDate(isoInDays(HEARINGS['105/2026']!));
    let d: Device | undefined;
    try {
      d = bounded(await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(PHONES[0])));
      const { page } = d;
      const header = new SyncHeader(page);
      const petition = new PetitionPage(page);
      await petition.open(petitionId);
      const choice = page
        .getByRole('dialog')
        .filter({ hasText: 'Do you want to Remove/Change Hearing Date?' });
      const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to Delete?' });

      // The spec's question first, Delete far from Edit.
      await petition.hearingButton(date).click();
      await choice.waitFor();
      const del = await choice.getByRole('button', { name: 'Delete', exact: true }).boundingBox();
      const edit = await choice.getByRole('button', { name: 'Edit', exact: true }).boundingBox();
      const gap = Math.max(edit!.x - (del!.x + del!.width), del!.x - (edit!.x + edit!.width));
      expect(gap, 'px between Delete and Edit').toBeGreaterThanOrEqual(44);
      await choice.getByRole('button', { name: 'Delete', exact: true }).click();
      // Then the confirmation, naming the date. Cancel keeps it.
      await confirm.getByText(`The hearing date ${date} will be removed.`).waitFor();
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await confirm.waitFor({ state: 'hidden' });
      await petition.hearingButton(date).waitFor();
      expect(await header.pending().count()).toBe(0);
      expect(await serverNextHearing(petitionId)).toBe(dmy(isoInDays(HEARINGS['105/2026']!)));

      // Delete, confirmed: gone from the screen at once, with Undo; Undo brings it back and nothing is sent.
      await petition.hearingButton(date).click();
      await choice.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await petition.hearingButton().filter({ hasText: 'Add Hearing Date' }).waitFor();
      const undo = notice(page, `Hearing date ${date} removed.`).getByRole('button', { name: 'Undo' });
      await undo.click();
      await petition.hearingButton(date).waitFor();
      expect(await header.pending().count()).toBe(0);
      expect(await serverNextHearing(petitionId)).toBe(dmy(isoInDays(HEARINGS['105/2026']!)));

      // Delete, confirmed, not undone: removed, and said so once the server has it.
      await petition.hearingButton(date).click();
      await choice.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await page
        .getByText('Hearing Date & Calendar Event Remove Successfully!', { exact: true })
        .waitFor({ timeout: SYNC_MS });
      await petition.hearingButton().filter({ hasText: 'Add Hearing Date' }).waitFor();
      expect(await serverNextHearing(petitionId)).toBeNull();
    } finally {
      await d?.ctx.close();
    }
  });
});

it('a change the server refuses says why, and the reason stays on the Conflicts page', async () => {
  const petitionId = await seedPetition(h, {
    case_no: '301',
    year: 2026,
    title: 'Kamran Ali v. WAPDA',
    court_id: lahore,
    petition_type_id: category,
  });
  let d: Device | undefined;
  try {
    d = bounded(await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(PHONES[1])));
    const { page } = d;
    const header = new SyncHeader(page);
    const petition = new PetitionPage(page);
    await petition.open(petitionId);
    await d.ctx.setOffline(true);
    await header.offline().waitFor();
    await petition.setHearingDate(isoInDays(20));
    await notice(page, 'Saved on this device.').waitFor();

    // Meanwhile the case is deleted at the office: the hearing date can never be accepted.
    const r = await h.app.inject({
      method: 'DELETE',
      url: `/api/petitions/${petitionId}`,
      headers: { authorization: `Bearer ${await adminToken(h)}` },
    });
    expect(r.statusCode).toBe(200);
    await d.ctx.setOffline(false);
    const reason = 'The case file of this record does not exist.';
    await page
      .locator('.toasts')
      .getByRole('alert')
      .filter({ hasText: 'Something went wrong!' })
      .filter({ hasText: reason })
      .waitFor({ timeout: SYNC_MS });
    expect(await page.getByText('Hearing Date Added Successfully!').count()).toBe(0);
    await page.goto('/conflicts');
    await page.getByRole('list', { name: 'Changes not accepted' }).getByText(reason).waitFor();
  } finally {
    await d?.ctx.close();
  }
});

describe('Urdu on screen', () => {
  it('party names in Urdu are drawn with the bundled Naskh font, loaded only for them and offline too', async () => {
    const petitionId = await seedPetition(h, {
      case_no: '212',
      year: 2026,
      title: URDU_TITLE,
      court_id: lahore,
      petition_type_id: category,
      petitioners: [URDU_NAME],
      opponents: ['Federation of Pakistan'],
    });
    let d: Device | undefined;
    try {
      d = bounded(await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, phone(PHONES[1])));
      const { page } = d;
      const naskh = () =>
        page.evaluate(
          () => [...document.fonts].find((f) => f.family.replace(/"/g, '') === 'App Naskh')?.status,
        );
      // A page with no Arabic letter never fetches the font.
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(await naskh()).toBe('unloaded');

      const petition = new PetitionPage(page);
      await page.goto(`/petitions/${petitionId}`);
      await petition.heading().getByText(URDU_TITLE).waitFor();
      await expect.poll(() => petition.fact('Petitioner').innerText()).toBe(URDU_NAME);
      await expectDrawnWithNaskh(page, '.petition-facts dd', URDU_NAME);
      await expectDrawnWithNaskh(page, 'h1 .case-title', URDU_TITLE);

      // Offline, after a reload: the font comes from the precache.
      await d.ctx.setOffline(true);
      await page.reload();
      await expect.poll(() => petition.fact('Petitioner').innerText()).toBe(URDU_NAME);
      await expectDrawnWithNaskh(page, '.petition-facts dd', URDU_NAME);
    } finally {
      await d?.ctx.close();
    }
  });
});

/**
 * The fonts Chromium really drew an element's text with (DevTools' CSS.getPlatformFontsForNode): the Urdu
 * letters come from the bundled font (a web font, 'Noto Naskh Arabic'), not from the machine, which has no
 * Arabic font at all: the same letters in its own fonts only are drawn by another font or as missing glyphs.
 */
async function expectDrawnWithNaskh(page: Page, selector: string, text: string): Promise<void> {
  await page.waitForFunction(() => document.fonts.check('16px "App Naskh"', 'ہ'));
  await page.evaluate(() => document.fonts.ready);
  /** The fonts of the element `css` selects, or null when there is none (it was drawn anew meanwhile). */
  const fontsOf = async (css: string) => {
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: css });
      if (!nodeId) return null;
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts;
    } finally {
      await cdp.detach();
    }
  };
  const el = page.locator(selector).filter({ hasText: text }).first();
  // The element is marked, then found through DevTools; a sync landing in between may draw it anew (without
  // the mark): marked again until the one on screen is found.
  const seen: { fonts?: NonNullable<Awaited<ReturnType<typeof fontsOf>>> } = {};
  await expect
    .poll(async () => {
      await el.evaluate((e) => e.setAttribute('data-urdu-check', ''));
      seen.fonts = (await fontsOf('[data-urdu-check]')) ?? undefined;
      return seen.fonts !== undefined;
    })
    .toBe(true);
  const drawn = seen.fonts;
  if (!drawn) throw new Error(`${selector}: not on screen`);
  const letters = [...text].filter((c) => /\p{Script=Arabic}/u.test(c)).length;
  const naskhGlyphs = drawn
    .filter((f) => f.isCustomFont && f.familyName === 'Noto Naskh Arabic')
    .reduce((n, f) => n + f.glyphCount, 0);
  expect(drawn, JSON.stringify(drawn)).toContainEqual(
    expect.objectContaining({ familyName: 'Noto Naskh Arabic', isCustomFont: true }),
  );
  // Every letter (a ligature may join two) drawn by it; no other font drew an Arabic letter.
  expect(naskhGlyphs).toBeGreaterThanOrEqual(letters - 2);
  expect(
    drawn.filter((f) => f.familyName !== 'Noto Naskh Arabic').reduce((n, f) => n + f.glyphCount, 0),
  ).toBeLessThanOrEqual([...text].filter((c) => !/\p{Script=Arabic}/u.test(c)).length);
  await el.evaluate((e) => e.removeAttribute('data-urdu-check'));

  // The control: the same text in the machine's own fonts only is not drawn with the bundled font.
  await page.evaluate((t) => {
    const s = document.createElement('span');
    s.id = 'urdu-control';
    s.style.fontFamily = 'monospace';
    s.textContent = t;
    document.body.append(s);
  }, text);
  const control = await fontsOf('#urdu-control');
  expect(control, '#urdu-control').not.toBeNull();
  expect(control!.some((f) => f.familyName === 'Noto Naskh Arabic')).toBe(false);
  await page.evaluate(() => document.getElementById('urdu-control')?.remove());
}
