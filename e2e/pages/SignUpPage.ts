import type { Page } from 'playwright-core';

/** The sign-up screen (/sign-up). */
export class SignUpPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/sign-up');
  }
  async signUp(u: {
    name: string;
    status: string;
    email: string;
    phone: string;
    password: string;
  }): Promise<void> {
    await this.page.getByLabel('Name').fill(u.name);
    await this.page.getByLabel('Status').selectOption(u.status);
    await this.page.getByLabel('Email').fill(u.email);
    await this.page.getByLabel('Phone').fill(u.phone);
    await this.page.getByLabel('Password', { exact: true }).fill(u.password);
    await this.page.getByLabel('Confirm Password').fill(u.password);
    await this.page.getByRole('button', { name: 'Sign Up' }).click();
  }
}
