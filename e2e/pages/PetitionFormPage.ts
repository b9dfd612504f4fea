import type { Page } from 'playwright-core';

export type TPetitionForm = {
  caseNo: string;
  year?: string;
  title: string;
  /** Picked from the searchable Court list by its exact title. */
  court?: string;
  /** The option's label, e.g. 'Writ Petition (WP)'. */
  category?: string;
  /** Lawyers picked by name. */
  lawyers?: string[];
  /** dd/mm/yyyy */
  institutionDate?: string;
  petitioners?: string[];
  opponents?: string[];
  moot?: boolean;
};

/** Add / Edit Petition (/petitions/create, /petitions/edit/:id). */
export class PetitionFormPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/petitions/create');
    await this.ready();
  }
  /** The form has opened (the page shows 'Loading....' until the device has what it offers). */
  async ready(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Add New Petition' }).waitFor();
    await this.page.getByLabel('Case No', { exact: true }).waitFor();
  }
  group(side: 'Petitioner' | 'Opponent') {
    return this.page.getByRole('group', { name: side, exact: true });
  }
  /** Types the names into the side's rows, adding rows with 'Add More' as needed. */
  async parties(side: 'Petitioner' | 'Opponent', names: readonly string[]): Promise<void> {
    const group = this.group(side);
    for (const [i, name] of names.entries()) {
      const input = group.getByLabel(`${side} ${i + 1}`, { exact: true });
      if (i > 0 && !(await input.count()))
        await group.getByRole('button', { name: 'Add More', exact: true }).click();
      await input.fill(name);
      // Close any name suggestions before the next field.
      await input.press('Escape');
    }
  }
  async fill(f: TPetitionForm): Promise<void> {
    const p = this.page;
    await p.getByLabel('Case No', { exact: true }).fill(f.caseNo);
    if (f.year !== undefined) await p.getByLabel('Year', { exact: true }).fill(f.year);
    await p.getByLabel('Title', { exact: true }).fill(f.title);
    if (f.court !== undefined) {
      const court = p.getByLabel('Court', { exact: true });
      await court.fill(f.court);
      await p.getByRole('option', { name: f.court, exact: true }).click();
    }
    if (f.category !== undefined)
      await p.getByLabel('Case Category', { exact: true }).selectOption({ label: f.category });
    for (const name of f.lawyers ?? []) {
      await p.getByLabel('Lawyer', { exact: true }).click();
      await p.getByRole('option', { name, exact: true }).click();
      await p.getByRole('list', { name: 'Chosen lawyers' }).getByText(name).waitFor();
    }
    if (f.institutionDate !== undefined)
      await p.getByLabel('Date of Institution', { exact: true }).fill(f.institutionDate);
    if (f.petitioners) await this.parties('Petitioner', f.petitioners);
    if (f.opponents) await this.parties('Opponent', f.opponents);
    if (f.moot) await p.getByLabel('Is Moot Case', { exact: true }).check();
  }
  /** Saves and waits for the new case's page; answers its id. */
  async save(): Promise<string> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    await this.page.waitForURL(/\/petitions\/(?!create$)[^/]+$/);
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/').pop()!);
  }
}
