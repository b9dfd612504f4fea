import type { Page } from 'playwright-core';

/** Invoices (/invoices): the totals, the rows, and the Paid Invoice Dialog a row's Mark as Paid opens. */
export class InvoicesPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/invoices');
    await this.page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
  }
  /** The row of a client's invoice. */
  row(client: string) {
    return this.page.getByRole('row').filter({ hasText: client });
  }
  /** A figure of the totals above the list: Total, Paid or Due. */
  total(name: 'Total' | 'Paid' | 'Due') {
    return this.page
      .getByLabel('Totals', { exact: true })
      .locator('div')
      .filter({ has: this.page.locator('dt').getByText(name, { exact: true }) })
      .locator('dd');
  }
  markAsPaid(invoiceNo: number) {
    return this.page.getByRole('button', { name: `Mark as Paid ${invoiceNo}`, exact: true });
  }
  download(invoiceNo: number | 'number on sync') {
    return this.page.getByRole('button', { name: `Download ${invoiceNo}`, exact: true });
  }
  dialog() {
    return this.page.getByRole('dialog', { name: 'Paid Invoice Dialog' });
  }
}
