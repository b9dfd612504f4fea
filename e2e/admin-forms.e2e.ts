import { afterAll, beforeAll, expect, it } from 'vitest';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { CourtsPage } from './pages/CourtsPage.ts';
import { DiscardQuestion } from './pages/DiscardQuestion.ts';
import { seedCourtId } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

const TITLE = 'Writ Petition (Form Kit)';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** The case category form on the form kit (issue 32 item 1): its messages, its courts, and nothing typed dropped. */
it('an admin adds and edits a case category; leaving with something typed asks first', async () => {
  let d: Device | undefined;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
    const { page } = d;
    page.setDefaultTimeout(10_000);
    const discard = new DiscardQuestion(page);
    const title = page.getByLabel('Title', { exact: true });
    const abbreviation = page.getByLabel('Abbreviation', { exact: true });
    const courts = page.getByRole('group', { name: 'Courts' }).getByRole('checkbox');

    await page.goto('/petition-type/create');
    await page.getByRole('heading', { name: 'Add New Case Category' }).waitFor();
    // The schema's message, once a save is tried.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Title field is required.', { exact: true }).waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');

    await title.fill(TITLE);
    await abbreviation.fill('WP');
    await courts.first().check();
    // The court's name as its tick box is labelled, to find it again in the list.
    const courtId = (await courts.first().getAttribute('id')) ?? '';
    const courtLabel = (await page.locator(`label[for="${courtId}"]`).innerText()).trim();

    // Back with all of it typed asks; keeping on editing keeps it.
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await discard.keepEditing();
    expect(await title.inputValue()).toBe(TITLE);
    expect(await courts.first().isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/petition-types');
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.innerText()).toContain('WP');
    expect(await row.innerText()).toContain(courtLabel);

    // The edit opens with what was saved; untouched, Back leaves at once.
    await row
      .getByRole('link', { name: 'Edit' })
      .or(row.getByRole('button', { name: 'Edit' }))
      .first()
      .click();
    await page.getByRole('heading', { name: 'Edit Case Category' }).waitFor();
    expect(await title.inputValue()).toBe(TITLE);
    expect(await abbreviation.inputValue()).toBe('WP');
    expect(await courts.first().isChecked()).toBe(true);

    // Unticking a court is unsaved work too: Back asks, and Discard drops it.
    await courts.first().uncheck();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await discard.discard();
    await page.waitForURL('**/petition-types');
    expect(await row.innerText()).toContain(courtLabel);

    // A changed abbreviation is saved (Update), the court kept.
    await row
      .getByRole('link', { name: 'Edit' })
      .or(row.getByRole('button', { name: 'Edit' }))
      .first()
      .click();
    await abbreviation.fill('W.P.');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.waitForURL('**/petition-types');
    await expect.poll(() => row.innerText()).toContain('W.P.');
    expect(await row.innerText()).toContain(courtLabel);
  } finally {
    await d?.ctx.close();
  }
});

it('the provider adds and edits a company; its messages are the schema, and Back asks', async () => {
  let d: Device | undefined;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
    const { page } = d;
    page.setDefaultTimeout(10_000);
    const discard = new DiscardQuestion(page);
    const name = page.getByLabel('Name', { exact: true });
    const domain = page.getByLabel('Domain', { exact: true });

    await page.goto('/create-company');
    await page.getByRole('heading', { name: 'Add New Company' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Name field is required.', { exact: true }).waitFor();
    await page.getByText('Domain field is required.', { exact: true }).waitFor();

    await name.fill('Form Kit Associates');
    await domain.fill('https://formkit.example.pk');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await discard.keepEditing();
    expect(await name.inputValue()).toBe('Form Kit Associates');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/companies');
    const row = page.getByRole('row').filter({ hasText: 'Form Kit Associates' });
    await row.waitFor();

    await row
      .getByRole('link', { name: 'Edit' })
      .or(row.getByRole('button', { name: 'Edit' }))
      .first()
      .click();
    await page.getByRole('heading', { name: 'Edit Company' }).waitFor();
    // The server keeps the host of the address typed.
    await expect.poll(() => domain.inputValue()).toBe('formkit.example.pk');
    await domain.fill('https://formkit2.example.pk');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.waitForURL('**/companies');
    await expect.poll(() => row.innerText()).toContain('formkit2.example.pk');
    const saved = await h.app.db
      .selectFrom('companies')
      .select(['name', 'domain'])
      .where('name', '=', 'Form Kit Associates')
      .executeTakeFirst();
    expect(saved).toEqual({ name: 'Form Kit Associates', domain: 'formkit2.example.pk' });
  } finally {
    await d?.ctx.close();
  }
});

it('closing the merge dialog with a court chosen asks first, and the choice is not kept', async () => {
  await seedCourtId(h, 'Form Kit Court A');
  await seedCourtId(h, 'Form Kit Court B');
  let d: Device | undefined;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
    const { page } = d;
    page.setDefaultTimeout(10_000);
    const discard = new DiscardQuestion(page);
    const courts = new CourtsPage(page);
    await courts.open();
    await courts.row('Form Kit Court A').waitFor();
    await courts.mergeButton('Form Kit Court A').click();
    const dialog = courts.mergeDialog('Form Kit Court A');
    const keep = dialog.getByLabel('Court to keep', { exact: true });
    await keep.selectOption({ label: 'Form Kit Court B' });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await discard.keepEditing();
    expect(await keep.inputValue()).not.toBe('');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await discard.discard();
    await dialog.waitFor({ state: 'hidden' });
    // Opened again, nothing is chosen and Cancel closes at once.
    await courts.mergeButton('Form Kit Court A').click();
    expect(await keep.inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await discard.dialog().count()).toBe(0);
  } finally {
    await d?.ctx.close();
  }
});
