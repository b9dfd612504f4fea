import { afterAll, beforeAll, expect, it } from 'vitest';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { PHONE } from './phone.ts';
import { signedInDevice } from './session.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('an admin edits a limitation question: its answers open as saved, Back asks, and the change is kept', async () => {
  const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  try {
    const { page } = a;
    await page.goto('/limitation-calculator-case-question');
    await page.getByRole('link', { name: 'Edit Which revision is it?' }).click();
    await page.getByRole('heading', { name: 'Edit Question And Answers' }).waitFor();
    const firstAnswer = page.getByLabel('Answer', { exact: true }).first();
    const answerText = await firstAnswer.inputValue();
    expect(answerText).not.toBe('');

    await page.getByLabel('Question', { exact: true }).fill('Which revision is it, civil or criminal?');
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('dialog').getByText('Discard what you typed?').waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();

    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL('**/limitation-calculator-case-question');
    await page.getByText('Which revision is it, civil or criminal?').waitFor();

    // The answers were not touched: they open as they were.
    await page.getByRole('link', { name: 'Edit Which revision is it, civil or criminal?' }).click();
    await page.getByRole('heading', { name: 'Edit Question And Answers' }).waitFor();
    expect(await page.getByLabel('Answer', { exact: true }).first().inputValue()).toBe(answerText);
  } finally {
    await a.ctx.close();
  }
});
