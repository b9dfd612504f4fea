import type { Page } from 'playwright-core';

/** The site header as a signed-in user sees it: the firm's name and the sync state (DESIGN §8). */
export class SyncHeader {
  constructor(readonly page: Page) {}
  /** The connection and sync status region. */
  status() {
    return this.page.getByRole('status', { name: 'Connection and sync' });
  }
  offline() {
    return this.status().getByText('Offline', { exact: true });
  }
  online() {
    return this.status().getByText('Online', { exact: true });
  }
  /** 'N pending': changes on this device the server has not confirmed. */
  pending(n?: number) {
    return n === undefined
      ? this.status().getByText(/^\d+ pending$/)
      : this.status().getByText(`${n} pending`, { exact: true });
  }
  /** 'Uploading i/n': attachment bytes on their way to the server (after the pending rows were sent). */
  uploading() {
    return this.status().getByText(/^Uploading \d+\/\d+$/);
  }
  /** The 'N conflict(s)' link to /conflicts. */
  conflicts(n?: number) {
    return n === undefined
      ? this.status().getByRole('link', { name: /^\d+ conflicts?$/ })
      : this.status().getByRole('link', { name: `${n} ${n === 1 ? 'conflict' : 'conflicts'}`, exact: true });
  }
  /** 'Downloading n%': the first sync's progress. */
  downloading() {
    return this.status().getByText(/^Downloading \d+%$/);
  }
  /** The phone's menu toggle. */
  menuButton() {
    return this.page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  }
  /** The main menu (a list of links on phones once Menu is open). */
  nav() {
    return this.page.getByRole('navigation', { name: 'Main' });
  }
  /** The firm's name at the top left (a link home). */
  siteName(name: string) {
    return this.page.getByRole('banner').getByRole('link', { name, exact: true });
  }
}
