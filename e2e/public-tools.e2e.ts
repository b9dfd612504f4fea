import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { signedInDevice } from './session.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/**
 * An Intra Court Appeal (Art. 151, 20 days), worked by hand: decree 15/07/2026 + 20 days = 04/08/2026; the
 * certified copy applied for 20/07 and ready 25/07 adds 5 days = 09/08/2026, a Sunday, so Monday 10/08/2026.
 */
async function computeIca(page: Page): Promise<void> {
  await page.getByLabel('Case').selectOption({ label: 'Appeal' });
  await page.getByRole('searchbox', { name: 'Search' }).fill('ICA');
  const answer = page.getByLabel('Which appeal is it?');
  const value = await answer
    .locator('option', { hasText: '(Intra Court Appeal, ICA)' })
    .getAttribute('value');
  await answer.selectOption(value);
  await page.getByText('Art. 151: Appeal from a decree').last().waitFor();
  await page.getByLabel('Challenging Date').fill('15/07/2026');
  await page.getByLabel('Order Date').fill('20/07/2026');
  await page.getByLabel('Prepared Date').fill('25/07/2026');
}

it('an anonymous visitor on a phone uses the calculator and the FIR reader offline after one visit, and downloads the FIR PDF', async () => {
  const ctx = await h.newContext(PHONE);
  try {
    const page = await ctx.newPage();
    await page.goto('/limitation-calculator');
    await page.getByLabel('Case').locator('option', { hasText: 'Appeal' }).waitFor({ state: 'attached' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.goto('/fir-reader');
    await page.getByRole('heading', { name: 'FIR Reader' }).waitFor();

    await ctx.setOffline(true);
    await page.goto('/limitation-calculator');
    await page.reload();
    await computeIca(page);
    const last = page.getByTestId('last-date');
    await last.waitFor();
    expect(await last.textContent()).toBe('10/08/2026');
    await page.getByText('20 Days', { exact: true }).waitFor();
    await page
      .getByText('+ 5 days (Order Date 20/07/2026 to Prepared Date 25/07/2026) = 09/08/2026')
      .waitFor();
    await page.getByText('09/08/2026 is a Sunday: moved to 10/08/2026').waitFor();
    await expectPhoneFriendly(page, last);
    // A prepared date before the order date: the spec's alert.
    await page.getByLabel('Prepared Date').fill('19/07/2026');
    await page.getByRole('alert').getByText('Check Dates Again!').waitFor();

    await page.goto('/fir-reader');
    await page.getByLabel('Police Station').fill('Civil Lines');
    await page.getByLabel('FIR No.').fill('123');
    await page.getByLabel('Year').fill('2026');
    await page.getByLabel('Section', { exact: true }).fill('302');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByLabel('Section', { exact: true }).nth(1).fill('337A(i)');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByText('Section field is required').waitFor();
    await page.getByRole('button', { name: 'Remove section 3' }).click();
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.waitForURL('**/fir-reader-result');
    const s302 = page.getByRole('article', { name: 'Section 302' });
    await s302.waitFor();
    await page.getByRole('article', { name: 'Section 337-A(i)' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(2);
    await page.getByText('Police Station: Civil Lines').waitFor();
    await page.getByRole('link', { name: 'Contact Us' }).waitFor();
    await expectPhoneFriendly(page, s302);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('FIR Search Results.pdf');
    const pdf = await readPdf(new Uint8Array(await readFile(await download.path())));
    const text = pdf.text.join(' ');
    expect(text).toContain('FIR Search Results');
    expect(text).toContain('Police Station: Civil Lines');
    expect(text).toContain('Section 302');
    expect(text).toContain('Section 337-A(i)');

    // Back keeps the inputs on the device.
    await page.getByRole('link', { name: 'Back' }).click();
    expect(await page.getByLabel('Police Station').inputValue()).toBe('Civil Lines');
  } finally {
    await ctx.close();
  }
});

it('an admin adds a holiday and the calculator moves the last date past it', async () => {
  const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  try {
    await a.page.goto('/limitation-holidays');
    await a.page.getByText('No Records found.').waitFor();
    await a.page.getByRole('link', { name: 'Add Holiday', exact: true }).click();
    await a.page.getByRole('heading', { name: 'Add Holiday' }).waitFor();
    await a.page.getByLabel('Date').fill('10/08/2026');
    await a.page.getByLabel('Title').fill('Ashura');
    await a.page.getByRole('button', { name: 'Save' }).click();
    await a.page.waitForURL('**/limitation-holidays');
    await a.page.getByText('Ashura').waitFor();
    await a.page.goto('/limitation-calculator');
    await computeIca(a.page);
    const last = a.page.getByTestId('last-date');
    await a.page.getByText('10/08/2026 is a holiday (Ashura): moved to 11/08/2026').first().waitFor();
    expect(await last.textContent()).toBe('11/08/2026');

    // The FIR sections list: filtered by section, with the section's detail for everyone.
    await a.page.goto('/fir-sections');
    await a.page.getByLabel('Section', { exact: true }).fill('337-a');
    await a.page.getByRole('button', { name: 'Search' }).click();
    await a.page.getByText('337-A(vi)', { exact: true }).waitFor();
    await expectPhoneFriendly(a.page, a.page.getByText('337-A(i)', { exact: true }));
    expect(await a.page.getByRole('button', { name: 'View Detail' }).count()).toBe(6);
    await a.page.getByRole('button', { name: 'View Detail' }).first().click();
    await a.page.getByRole('dialog').getByText('Punishment', { exact: true }).waitFor();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The calculator's administration: the case kinds, and a question saved with its answers.
    await a.page.goto('/limitation-calculator-index');
    await a.page.getByRole('heading', { name: 'Limitation Calculator Cases' }).waitFor();
    await a.page.getByText('Revision', { exact: true }).first().waitFor();
    await a.page.goto('/limitation-calculator-case-question');
    await a.page.getByText('Which revision is it?').waitFor();
    await a.page.getByRole('link', { name: 'Add Question And Answers' }).click();
    await a.page.getByRole('button', { name: 'Save' }).click();
    await a.page.getByText('Case field is required.').waitFor();
    await a.page.getByText('Question field is required.').waitFor();
    await a.page.getByLabel('Case').selectOption({ label: 'Revision' });
    await a.page.getByLabel('Question', { exact: true }).fill('Which criminal revision is it?');
    await a.page.getByLabel('Answer', { exact: true }).fill('Criminal revision to the High Court');
    await a.page.getByLabel('Sub Answer', { exact: true }).fill('Date of the order');
    await a.page.getByLabel('Days').fill('90');
    await a.page.getByRole('button', { name: 'Save' }).click();
    await a.page.waitForURL('**/limitation-calculator-case-question');
    await a.page.getByText('Which criminal revision is it?').waitFor();

    // The meeting room: the user's id, and how to set a room up while none is configured.
    await a.page.goto('/online-meeting');
    const heading = a.page.getByRole('heading', {
      name: /^Meeting ID: [a-z0-9]{3}-[a-z0-9]{4}-[a-z0-9]{3}$/,
    });
    await heading.waitFor();
    await a.page.getByText('No meeting room is set up yet.').waitFor();
    await expectPhoneFriendly(a.page, heading);
  } finally {
    await a.ctx.close();
  }
});
