import type { Page } from 'playwright-core';

/** The login screen (/login). */
export class LoginPage {
  constructor(readonly page: Page) {}
  async open(query = ''): Promise<void> {
    await this.page.goto(`/login${query}`);
  }
  async login(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Login', exact: true }).click();
  }
  heading() {
    return this.page.getByText('Welcome Back | Login To Start Your Session');
  }
}
