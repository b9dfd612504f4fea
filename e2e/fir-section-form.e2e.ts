import { afterAll, beforeAll, expect, it } from 'vitest';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { signedInDevice } from './session.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('an admin adds a FIR section with the spec’s messages, Back asks before dropping it, and an edit saves', async () => {
  const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  try {
    const { page } = a;
    await page.goto('/fir-sections');
    await page.getByRole('link', { name: 'Add FIR Section' }).click();
    await page.getByRole('heading', { name: 'Add FIR Section' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Statute field is required').waitFor();
    await page.getByText('Title field is required').waitFor();
    await page.getByText('Section field is required').waitFor();
    await expectPhoneFriendly(page, page.getByRole('heading', { name: 'Add FIR Section' }));

    const statute = page.getByLabel('Statute');
    await statute.locator('option').nth(1).waitFor({ state: 'attached' });
    const statuteName = (await statute.locator('option').nth(1).textContent()) ?? '';
    await statute.selectOption({ index: 1 });
    await page.getByLabel('Title', { exact: true }).fill('Mischief by fire');
    await page.getByLabel('Section', { exact: true }).fill('436-Z');
    await page.getByLabel('Punishment', { exact: true }).fill('Imprisonment for life');

    // Back with all of it typed asks first; Keep editing keeps every field.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('dialog').getByText('Discard what you typed?').waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Mischief by fire');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/fir-sections');
    await page.getByLabel('Section', { exact: true }).fill('436-Z');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Mischief by fire', { exact: true }).waitFor();

    // The edit opens with what was saved and saves the changed title; nothing asks after the save.
    await page.getByRole('link', { name: 'Edit section 436-Z' }).click();
    await page.getByRole('heading', { name: 'Edit FIR Section' }).waitFor();
    expect(await page.getByLabel('Statute').locator('option:checked').textContent()).toBe(statuteName);
    expect(await page.getByLabel('Punishment', { exact: true }).inputValue()).toBe('Imprisonment for life');
    await page.getByLabel('Title', { exact: true }).fill('Mischief by fire or explosive');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL('**/fir-sections');
    await page.getByLabel('Section', { exact: true }).fill('436-Z');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Mischief by fire or explosive', { exact: true }).waitFor();
  } finally {
    await a.ctx.close();
  }
});
