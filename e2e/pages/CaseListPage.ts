import type { Page } from 'playwright-core';

/**
 * Case Files (/petitions): the folded search form, the order, and one compact card (an `article` named by its
 * case number, which is also its link) per case; the card's other actions are under its More.
 */
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
  /** 'Filters', with the number of active filters when there are some. */
  filtersButton() {
    return this.page.getByRole('button', { name: /^Filters/ });
  }
  searchForm() {
    return this.page.getByRole('search', { name: 'Search case files' });
  }
  /** Unfolds the filters (folded on a phone). */
  async openFilters(): Promise<void> {
    if ((await this.filtersButton().getAttribute('aria-expanded')) !== 'true')
      await this.filtersButton().click();
    await this.searchForm().waitFor();
  }
  order() {
    return this.page.getByLabel('Order', { exact: true });
  }
  /** A card's More (its facts and the actions used less often, Delete last). */
  async more(caseNumber: string) {
    const card = this.card(caseNumber);
    const details = card.locator('details');
    if ((await details.getAttribute('open')) === null) await card.locator('summary').click();
    return details;
  }
  async search(f: { caseNo?: string; partyName?: string; pendingTag?: string }): Promise<void> {
    await this.openFilters();
    const form = this.searchForm();
    if (f.caseNo !== undefined) await form.getByLabel('Case #', { exact: true }).fill(f.caseNo);
    if (f.partyName !== undefined) await form.getByLabel('Party Name', { exact: true }).fill(f.partyName);
    if (f.pendingTag !== undefined) await form.getByLabel('Pending Tag', { exact: true }).fill(f.pendingTag);
    await form.getByRole('button', { name: 'Search', exact: true }).click();
  }
  /** Opens a case through its card's case number (a link). */
  async view(caseNumber: string): Promise<void> {
    await this.card(caseNumber).getByRole('link', { name: caseNumber, exact: true }).click();
    await this.page.waitForURL(/\/petitions\/[^/]+$/);
  }
}
