import type { Page } from 'playwright-core';

/** The dashboard (/dashboard): tiles by role. */
export class DashboardPage {
  constructor(readonly page: Page) {}
  async tileTitles(): Promise<string[]> {
    await this.page.getByRole('heading', { name: 'Case Files' }).waitFor();
    return this.page.locator('.tile h2, .tile h3').allInnerTexts();
  }
  tile(title: string) {
    return this.page
      .locator('.tile')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }
}
