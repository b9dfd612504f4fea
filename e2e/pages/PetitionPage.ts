import type { Download, Page } from 'playwright-core';

export type TIndexItem = { description: string; date?: string; annexure?: string; page?: string };

/** A case file's page (/petitions/:id): its heading and facts, actions, and the index table. */
export class PetitionPage {
  constructor(readonly page: Page) {}
  async open(id: string): Promise<void> {
    await this.page.goto(`/petitions/${encodeURIComponent(id)}`);
    await this.indexTable().waitFor();
  }
  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }
  /** The text of one fact under the heading ('Petitioner', 'Opponent', 'Institution Date', 'Lawyers'). */
  fact(label: string) {
    return this.page
      .locator('.petition-facts > div')
      .filter({ has: this.page.getByRole('term').getByText(label, { exact: true }) })
      .getByRole('definition');
  }
  noRecords() {
    return this.page.getByRole('status').getByText('No Records found', { exact: true });
  }

  // The index
  indexTable() {
    return this.page.getByRole('table', { name: 'Petition index' });
  }
  /** An item's row, found by its description (a link to its viewer). */
  row(description: string) {
    return this.indexTable()
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name: description, exact: true }) });
  }
  /** The descriptions in the order the table shows them. */
  descriptions(): Promise<string[]> {
    return this.indexTable().getByRole('link').allInnerTexts();
  }
  newRowInput(label: 'Description' | 'Date' | 'Annexure' | 'Page') {
    return this.indexTable().getByLabel(`New ${label}`, { exact: true });
  }
  addButton() {
    return this.indexTable().getByRole('button', { name: 'Add', exact: true });
  }
  async addItem(item: TIndexItem): Promise<void> {
    await this.newRowInput('Description').fill(item.description);
    if (item.date !== undefined) await this.newRowInput('Date').fill(item.date);
    if (item.annexure !== undefined) await this.newRowInput('Annexure').fill(item.annexure);
    if (item.page !== undefined) await this.newRowInput('Page').fill(item.page);
    await this.addButton().click();
    await this.row(item.description).waitFor();
    // The add row is cleared once the item is stored.
    await this.page.waitForFunction(
      (el) => (el as HTMLInputElement).value === '',
      await this.newRowInput('Description').elementHandle(),
    );
  }
  async move(description: string, direction: 'up' | 'down'): Promise<void> {
    const before = await this.descriptions();
    const i = before.indexOf(description);
    const to = direction === 'up' ? i - 1 : i + 1;
    await this.row(description)
      .getByRole('button', { name: direction === 'up' ? 'Move up' : 'Move down', exact: true })
      .click();
    const expected = [...before];
    expected.splice(i, 1);
    expected.splice(to, 0, description);
    await this.page.waitForFunction(
      ({ table, want }) =>
        JSON.stringify(
          [...(table as HTMLTableElement).querySelectorAll('tbody a')].map((a) => a.textContent),
        ) === JSON.stringify(want),
      { table: await this.indexTable().elementHandle(), want: expected },
    );
  }
  async openItem(description: string): Promise<void> {
    await this.row(description).getByRole('link', { name: description, exact: true }).click();
    await this.page.getByRole('toolbar', { name: 'Document tools' }).waitFor();
  }
  notSynced() {
    return this.page.getByText('Not synced yet', { exact: true });
  }

  // The case's actions
  editLink() {
    return this.page.getByRole('link', { name: 'Edit Petition', exact: true });
  }
  /** 'Add Hearing Date', or 'Next Hearing Date dd/mm/yy' (any date unless one is given). */
  hearingButton(shortDate?: string) {
    return shortDate === undefined
      ? this.page.getByRole('button', { name: /^(Add Hearing Date|Next Hearing Date.*)$/ })
      : this.page.getByRole('button', { name: `Next Hearing Date ${shortDate}`, exact: true });
  }
  /** Sets the next hearing (ISO date) through the hearing control; waits for the button to show it. */
  async setHearingDate(iso: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Hearing Date', exact: true }).click();
    const editor = this.page.getByRole('group', { name: 'Set the next hearing' });
    await editor.getByLabel('Hearing date', { exact: true }).fill(iso);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await this.hearingButton(shortDate(iso)).waitFor();
  }
  /** The tag as an editor's button ('Pending Tag L-7'). */
  pendingTagButton(tag: string) {
    return this.page.getByRole('button', { name: `Pending Tag ${tag}`, exact: true });
  }
  /** The tag as a reader sees it (plain text beside 'Pending'). */
  pendingTagText(tag: string) {
    return this.page.locator('.petition-actions').getByText(tag, { exact: true });
  }
  async addPendingTag(tag: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Pending Tag', exact: true }).click();
    await this.page.getByLabel('Pending Tag', { exact: true }).fill(tag);
    await this.page.locator('.tag-editor').getByRole('button', { name: 'Save', exact: true }).click();
    await this.pendingTagButton(tag).waitFor();
  }
  /** 'Download PDF' of the whole case file; answers the browser's download. */
  async downloadPdf(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: 20_000 }),
      this.page.getByRole('button', { name: 'Download PDF', exact: true }).click(),
    ]);
    return download;
  }
}

/** The hearing control's dd/mm/yy of an ISO date. */
export const shortDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
