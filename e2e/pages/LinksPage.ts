import type { Page } from 'playwright-core';

/** Links (/links) and their form (/create-link, /link/edit/{id}). */
export class LinksPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/links');
    await this.page.getByRole('heading', { name: 'Links', exact: true }).waitFor();
  }
  /** The list's row whose title link reads exactly `title`. */
  row(title: string) {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }
  /** Fills the open form's fields that are given and saves. */
  async fill(values: { title?: string; url?: string; description?: string }): Promise<void> {
    if (values.title !== undefined) await this.page.getByLabel('Title').fill(values.title);
    if (values.url !== undefined) await this.page.getByLabel('URL').fill(values.url);
    if (values.description !== undefined) await this.page.getByLabel('Description').fill(values.description);
  }
  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: /^(Save|Update)$/ }).click();
  }
  async remove(title: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  }
}
