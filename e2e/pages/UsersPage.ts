import type { Page } from 'playwright-core';

/** The users list (/users). */
export class UsersPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/users');
    await this.page.getByRole('heading', { name: 'Users' }).waitFor();
  }
  row(email: string) {
    return this.page.getByRole('row').filter({ hasText: email });
  }
}
