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
  searchForm() {
    return this.page.getByRole('search', { name: 'Search users' });
  }
  /** 'Filters', with the number of active ones when there are some (folded on a phone, open on a desktop). */
  filtersButton() {
    return this.page.getByRole('button', { name: /^Filters/ });
  }
  async search(f: { name?: string; email?: string; status?: 'All' | 'Approved' | 'Pending Approval' }) {
    const toggle = this.filtersButton();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    const form = this.searchForm();
    if (f.name !== undefined) await form.getByLabel('Name', { exact: true }).fill(f.name);
    if (f.email !== undefined) await form.getByLabel('Email', { exact: true }).fill(f.email);
    if (f.status !== undefined)
      await form.getByLabel('Status', { exact: true }).selectOption({ label: f.status });
    await form.getByRole('button', { name: 'Search', exact: true }).click();
  }
  /** The footer of the list: 'Showing from X to Y of Z'. */
  footer(text: string) {
    return this.page.getByText(text, { exact: true });
  }
  /** Quick Edit → new name → Update. */
  async rename(email: string, name: string): Promise<void> {
    await this.row(email).getByRole('button', { name: 'Quick Edit', exact: true }).click();
    const editing = this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('button', { name: 'Update', exact: true }) });
    await editing.getByLabel('Name', { exact: true }).fill(name);
    await editing.getByRole('button', { name: 'Update', exact: true }).click();
  }
}
