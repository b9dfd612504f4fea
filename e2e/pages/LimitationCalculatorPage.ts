import type { Page } from 'playwright-core';

/** The limitation calculator (/limitation-calculator): a case kind, a question, its dates and the result. */
export class LimitationCalculatorPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/limitation-calculator');
    await this.page
      .getByLabel('Case')
      .locator('option', { hasText: 'Appeal' })
      .waitFor({ state: 'attached' });
  }
  /** An Intra Court Appeal challenged on 15/07/2026: its last date of filing is 10/08/2026. */
  async computeIca(): Promise<void> {
    const p = this.page;
    await p.getByLabel('Case').selectOption({ label: 'Appeal' });
    await p.getByRole('searchbox', { name: 'Search' }).fill('ICA');
    const answer = p.getByLabel('Which appeal is it?');
    const value = await answer
      .locator('option', { hasText: '(Intra Court Appeal, ICA)' })
      .getAttribute('value');
    await answer.selectOption(value);
    await p.getByLabel('Challenging Date').fill('15/07/2026');
    await p.getByLabel('Order Date').fill('20/07/2026');
    await p.getByLabel('Prepared Date').fill('25/07/2026');
    await p.getByTestId('last-date').waitFor();
  }
  remindMe() {
    return this.page.getByRole('button', { name: 'Click to remind me', exact: true });
  }
  /** A message (role status) holding `text`: the one under the result, or a notice. */
  message(text: string) {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}
