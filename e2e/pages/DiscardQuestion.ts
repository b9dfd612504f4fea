import type { Page } from 'playwright-core';

/** 'Discard what you typed?': asked when a dialog, an editor or a form is closed or left with unsaved input. */
export class DiscardQuestion {
  constructor(readonly page: Page) {}
  dialog() {
    return this.page
      .getByRole('dialog', { name: 'Please confirm' })
      .filter({ hasText: 'Discard what you typed?' });
  }
  async keepEditing(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Keep editing', exact: true }).click();
    await this.dialog().waitFor({ state: 'hidden' });
  }
  async discard(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Discard', exact: true }).click();
    await this.dialog().waitFor({ state: 'hidden' });
  }
}
