import type { Page } from 'playwright-core';

/** Case Files (/petitions): the search form and one card (an `article` named by its case number) per case. */
export class CaseListPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/petitions');
    await this.heading().waitFor();
  }
  heading() {
    return this.page.getByRole('heading', { level: 1, name: 'Case Files', exact: true });
  }
  /** 'No Records found' (the list has loaded and nothing matches). */
  empty() {
    return this.page.getByRole('status').getByText('No Records found', { exact: true });
  }
  newCase() {
    return this.page.getByRole('link', { name: 'New Case', exact: true });
  }
  /** The card of a case: 'WP 12/2026' with a category's abbreviation, '12/2026' without. */
  card(caseNumber: string) {
    return this.page.getByRole('article', { name: caseNumber, exact: true });
  }
  cards() {
    return this.page.getByRole('article');
  }
  /** A card's 'Add Hearing Date' or 'Next Hearing Date dd/mm/yy' button (either, when no date is given). */
  hearingButton(caseNumber: string, shortDate?: string) {
    const card = this.card(caseNumber);
    return shortDate === undefined
      ? card.getByRole('button', { name: /^(Add Hearing Date|Next Hearing Date.*)$/ })
      : card.getByRole('button', { name: `Next Hearing Date ${shortDate}`, exact: true });
  }
  async search(f: { caseNo?: string; partyName?: string; pendingTag?: string }): Promise<void> {
    const form = this.page.getByRole('search', { name: 'Search case files' });
    if (f.caseNo !== undefined) await form.getByLabel('Case #', { exact: true }).fill(f.caseNo);
    if (f.partyName !== undefined) await form.getByLabel('Party Name', { exact: true }).fill(f.partyName);
    if (f.pendingTag !== undefined) await form.getByLabel('Pending Tag', { exact: true }).fill(f.pendingTag);
    await form.getByRole('button', { name: 'Search', exact: true }).click();
  }
  /** Opens a case through its card's View link. */
  async view(caseNumber: string): Promise<void> {
    await this.card(caseNumber).getByRole('link', { name: 'View', exact: true }).click();
    await this.page.waitForURL(/\/petitions\/[^/]+$/);
  }
}
