import type { Page } from 'playwright-core';

/** Contact requests (/contact-requests): visitors' messages, newest first. */
export class ContactRequestsPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/contact-requests');
    await this.page.getByRole('heading', { name: 'Contact Requests' }).waitFor();
  }
  row(text: string) {
    return this.page.getByRole('row').filter({ hasText: text });
  }
  /** Delete, then confirm in the dialog. */
  async remove(text: string): Promise<void> {
    await this.row(text).getByRole('button', { name: 'Delete', exact: true }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  }
}
