import type { Page } from 'playwright-core';

/** Courts (/courts): an inline-editable list with a new-row line at the bottom. */
export class CourtsPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/courts');
    await this.page.getByRole('heading', { name: 'Courts' }).waitFor();
  }
  /**
   * The row showing exactly this title (not the one being edited). By its text, not the cell's name: on a phone
   * each cell is named with its column's label too.
   */
  row(title: string) {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell').getByText(title, { exact: true }) });
  }
  async add(title: string): Promise<void> {
    await this.page.getByLabel('New Title', { exact: true }).fill(title);
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
    await this.row(title).waitFor();
  }
  /** A row's "Merge into…", which opens the dialog to choose the court to keep. */
  mergeButton(title: string) {
    return this.page.getByRole('button', { name: `Merge into… (${title})`, exact: true });
  }
  mergeDialog(title: string) {
    return this.page.getByRole('dialog', { name: `Merge '${title}' into…`, exact: true });
  }
  async rename(from: string, to: string): Promise<void> {
    await this.row(from).getByRole('button', { name: 'Edit', exact: true }).click();
    const editing = this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('button', { name: 'Update', exact: true }) });
    await editing.getByLabel('Title', { exact: true }).fill(to);
    await editing.getByRole('button', { name: 'Update', exact: true }).click();
    await this.row(to).waitFor();
  }
}
