import type { Page } from 'playwright-core';

/** Settings (/settings): three tabs and one Save. */
export class SettingsPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/settings');
    await this.page.getByRole('heading', { name: 'Settings' }).waitFor();
  }
  tab(name: 'General Settings' | 'Invoice Settings' | 'Site Setting') {
    return this.page.getByRole('tab', { name });
  }
  siteName() {
    return this.page
      .getByRole('tabpanel', { name: 'General Settings' })
      .getByLabel('Site Name', { exact: true });
  }
  /** General Settings → Site Name → Save, and the success notice. */
  async saveSiteName(name: string): Promise<void> {
    await this.tab('General Settings').click();
    await this.siteName().fill(name);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    await this.page.getByRole('status').filter({ hasText: 'Saved Successfully!' }).first().waitFor();
  }
}
