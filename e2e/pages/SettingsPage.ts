import type { Page } from 'playwright-core';

/** Settings (/settings): four tabs and one Save. */
export class SettingsPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/settings');
    await this.page.getByRole('heading', { name: 'Settings' }).waitFor();
  }
  tab(name: 'General Settings' | 'Invoice Settings' | 'Site Setting' | 'Tell Client') {
    return this.page.getByRole('tab', { name });
  }
  siteName() {
    return this.page
      .getByRole('tabpanel', { name: 'General Settings' })
      .getByLabel('Site Name', { exact: true });
  }
  /** Below the form: the firm's records and files in one zip (admins). */
  downloadAllData() {
    return this.page.getByRole('button', { name: 'Download all firm data', exact: true });
  }
  /**
   * General Settings → Site Name → Save, and its notice: the spec's success text once the server has it, or,
   * saved with no network, that it is saved on this device.
   */
  async saveSiteName(name: string, saved: 'sent' | 'on-device' = 'sent'): Promise<void> {
    await this.tab('General Settings').click();
    await this.siteName().fill(name);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = saved === 'sent' ? 'Saved Successfully!' : 'Saved on this device.';
    await this.page.getByRole('status').filter({ hasText: notice }).first().waitFor();
  }
}
