import type { Page } from 'playwright-core';

/** Conflicts (/conflicts): one card per field changed on two devices, with both values. */
export class ConflictsPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/conflicts');
    await this.page.getByRole('heading', { name: 'Conflicts', exact: true }).waitFor();
  }
  list() {
    return this.page.getByRole('list', { name: 'Unresolved conflicts' });
  }
  /** The card about this record (its heading names the record, e.g. 'Court: Lahore High Court'). */
  card(heading: string | RegExp) {
    return this.list()
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: heading }) });
  }
  /** The value shown under 'Yours' / 'Theirs' (or 'Saved' / 'Not saved') on a card. */
  side(card: ReturnType<ConflictsPage['card']>, label: 'Yours' | 'Theirs' | 'Saved' | 'Not saved') {
    return card
      .locator('.conflict-side')
      .filter({ has: this.page.getByRole('heading', { name: label, exact: true }) });
  }
  none() {
    return this.page.getByText('No conflicts.', { exact: true });
  }
}
