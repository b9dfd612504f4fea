import { afterAll, beforeAll, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { adminToken, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { signedInDevice, type Device } from './session.ts';

const LAWYER = {
  name: 'Library Lawyer',
  email: 'library.lawyer@e2e.firm',
  password: 'library-lawyer-password-1',
};
const SC = 'https://www.supremecourt.gov.pk/';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await createUserViaApi(h, { ...LAWYER, role_id: ROLE_IDS.LAWYER });
});
afterAll(() => h.close());

/** The table cell the caret is in, if the editor has the focus: 'TH', 'TD' or null. */
const caretCell = () => {
  if (!document.activeElement?.classList.contains('rte-body')) return null;
  const node = document.getSelection()?.anchorNode;
  const el = node instanceof Element ? node : node?.parentElement;
  return el?.closest('th, td')?.tagName ?? null;
};

type TPage = Record<string, unknown> & { id: string; content: string; files: { url: string }[] };
const serverPages = async (path: string, key: string): Promise<TPage[]> => {
  const r = await h.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: `Bearer ${await adminToken(h)}` },
  });
  return r.json<Record<string, TPage[]>>()[key]!;
};

it('an admin writes a proposition with a table and a link; a lawyer on a phone finds it offline by a word of its text; anyone opens its public page', async () => {
  const devices: Device[] = [];
  try {
    const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    devices.push(a);
    await a.page.goto('/petition-general-case-law');
    await a.page.getByRole('heading', { name: 'Frequently Asked Legal Propositions' }).waitFor();
    await a.page.getByRole('link', { name: 'Add New Proposition', exact: true }).click();
    await a.page.getByRole('heading', { name: 'Add New Legal Proposition' }).waitFor();
    await a.page.getByRole('button', { name: 'Save', exact: true }).click();
    await a.page.getByText('Proposition field is required.').waitFor();

    await a.page.getByLabel('Proposition', { exact: true }).fill('Bail after arrest');
    await a.page.getByLabel('Keywords').fill('bail, 497');
    await a.page.getByLabel('Legal Provisions').fill('Section 497 of the Code of Criminal Procedure, 1898');
    const editor = a.page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await a.page.keyboard.type('Supreme Court judgments');
    // The editor takes typed text in as it comes (DOM observation): all of it there before it is selected.
    await editor.getByText('Supreme Court judgments', { exact: true }).waitFor();
    await a.page.keyboard.press('Shift+Home');
    a.page.once('dialog', (d) => void d.accept(SC));
    await a.page.getByRole('button', { name: 'Link', exact: true }).click();
    await editor.locator(`a[href="${SC}"]`).waitFor();
    // What a user sees before pressing Enter: the caret in the editor, collapsed after the link (an Enter on
    // the still-selected link text would replace it). Press End until that is so, and stays so for two frames.
    await expect
      .poll(async () => {
        await a.page.keyboard.press('End');
        return a.page.evaluate(async () => {
          const caretAtEnd = () =>
            document.activeElement?.classList.contains('rte-body') === true &&
            document.getSelection()?.isCollapsed === true;
          if (!caretAtEnd()) return false;
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return caretAtEnd();
        });
      })
      .toBe(true);
    await a.page.keyboard.press('Enter');
    await a.page.keyboard.type('Zamanat is the rule and jail the exception.');
    await a.page.getByRole('button', { name: 'Table', exact: true }).click();
    // What a user sees before typing: the caret in the new table's first header cell.
    await expect.poll(() => a.page.evaluate(caretCell)).toBe('TH');
    await a.page.keyboard.type('Offence');
    await editor.locator('th', { hasText: 'Offence' }).waitFor();
    // A keyboard user on the Add row button: in the task of its press, the focus and the caret are back in
    // the editor, so keys typed at once are not lost on the way (Tiptap refocuses a frame later).
    expect(
      await a.page.evaluate(() => {
        const tool = [...document.querySelectorAll<HTMLButtonElement>('.rte-tool')].find(
          (b) => b.textContent === 'Add row',
        )!;
        tool.focus();
        tool.click();
        const node = document.getSelection()?.anchorNode;
        const cell = (node instanceof Element ? node : node?.parentElement)?.closest('th, td');
        return [
          document.querySelectorAll('.rte-body tr').length,
          document.activeElement?.className,
          cell?.tagName,
        ];
      }),
    ).toEqual([4, expect.stringContaining('rte-body'), 'TH']);

    const url = await a.page.getByLabel('Public URL').inputValue();
    expect(url).toMatch(new RegExp(`^${h.baseUrl}/preview/general-case-law/bail-after-arrest-[0-9a-f]{12}$`));
    await a.page.getByRole('button', { name: 'Save', exact: true }).click();
    await a.page.waitForURL('**/petition-general-case-law');
    // The header may not yet show '1 pending' when the list opens, so wait on the server's answer itself.
    await expect
      .poll(async () => (await serverPages('/api/general_case_laws', 'general_case_Laws')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    await new SyncHeader(a.page).pending().waitFor({ state: 'detached', timeout: 15_000 });
    const [saved] = await serverPages('/api/general_case_laws', 'general_case_Laws');
    expect(saved).toMatchObject({ case_title: 'Bail after arrest', keywords: 'bail, 497' });
    const link = /<a ([^>]*)>Supreme Court judgments<\/a>/.exec(saved!.content)?.[1];
    expect(link, saved!.content).toContain(`href="${SC}"`);
    expect(link).toContain('rel="noopener noreferrer nofollow"');
    expect(saved!.content).toMatch(/<table>.*<th[^>]*>.*Offence.*<\/th>/s);
    expect(url.endsWith(String(saved!.slug))).toBe(true);

    // A lawyer on a phone, no signal in the court corridor, finds it by a word of its text.
    const l = await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE);
    devices.push(l);
    await l.page.goto('/petition-general-case-law');
    const row = l.page.getByRole('row').filter({ hasText: 'Bail after arrest' });
    await row.waitFor();
    expect(await l.page.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
    await expectPhoneFriendly(l.page, row);
    await l.ctx.setOffline(true);
    await new SyncHeader(l.page).offline().waitFor();
    await l.page.getByLabel('Search the library').fill('zamanat');
    const hit = l.page
      .getByRole('list', { name: 'Search results' })
      .getByRole('link', { name: 'Bail after arrest' });
    await hit.click();
    await l.page.getByRole('heading', { name: 'Bail after arrest' }).waitFor();
    await l.page.locator('article table').getByText('Offence').waitFor();
    expect(await l.page.locator(`article a[href="${SC}"]`).getAttribute('rel')).toContain('noopener');

    // Anyone with the address reads it: the server's own HTML page, with a title for link previews, no script.
    const anon = await h.newContext(PHONE);
    devices.push({ ctx: anon, page: await anon.newPage() });
    const p = devices.at(-1)!.page;
    const res = await p.goto(new URL(url).pathname);
    expect(res?.status()).toBe(200);
    expect(await p.title()).toBe('Bail after arrest');
    await p.getByRole('heading', { name: 'Bail after arrest' }).waitFor();
    await p.locator('table').getByText('Offence').waitFor();
    expect(await p.locator('script').count()).toBe(0);
    expect(await p.locator('meta[name="description"]').getAttribute('content')).toContain(
      'Zamanat is the rule',
    );
    expect((await p.goto('/preview/general-case-law/no-such-page'))?.status()).toBe(404);
    await p.getByText("We couldn't find this page.").first().waitFor();
  } finally {
    for (const d of devices) await d.ctx.close();
  }
});

it('an admin creates a sample pleading with a PDF, edits it and deletes it', async () => {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText('Written statement');
  const pdf = Buffer.from(await doc.save());
  const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  try {
    const header = new SyncHeader(a.page);
    await a.page.goto('/sample-pleading');
    await a.page.getByText('No Records found.').waitFor();
    await a.page.getByRole('link', { name: 'Add New Sample Pleading', exact: true }).click();
    await a.page.getByRole('heading', { name: 'Add New Sample Pleading' }).waitFor();
    await a.page.getByLabel('Title', { exact: true }).fill('Written statement');
    await a.page.getByRole('textbox', { name: 'Content' }).click();
    await a.page.keyboard.type('In the court of the civil judge.');
    await a.page
      .getByLabel('Attachments')
      .setInputFiles({ name: 'ws.pdf', mimeType: 'application/pdf', buffer: pdf });
    await a.page.getByText('ws.pdf (new)').waitFor();
    await a.page.getByRole('button', { name: 'Save', exact: true }).click();
    await a.page.waitForURL('**/sample-pleading');
    await a.page.getByRole('heading', { name: 'Written statement', exact: true }).waitFor();
    await header.pending().waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(async () => (await serverPages('/api/sample_pleadings', 'sample_pleadings'))[0]?.files.length, {
        timeout: 15_000,
      })
      .toBe(1);
    const [created] = await serverPages('/api/sample_pleadings', 'sample_pleadings');
    const fetchFile = async () =>
      h.app.inject({
        method: 'GET',
        url: created!.files[0]!.url,
        headers: { authorization: `Bearer ${await adminToken(h)}` },
      });
    // The bytes follow the rows: the phone uploads them once the rows are in.
    await expect.poll(async () => (await fetchFile()).statusCode, { timeout: 15_000 }).toBe(200);
    const file = await fetchFile();
    expect(Buffer.from(file.rawPayload).equals(pdf)).toBe(true);
    await expectPhoneFriendly(
      a.page,
      a.page.getByRole('heading', { name: 'Written statement', exact: true }),
    );

    await a.page.getByRole('link', { name: 'Edit Written statement', exact: true }).click();
    await a.page.getByRole('heading', { name: 'Edit Sample Pleading' }).waitFor();
    await a.page.getByText('ws.pdf').first().waitFor();
    await a.page.getByLabel('Title', { exact: true }).fill('Written statement (civil)');
    await a.page.getByRole('button', { name: 'Update', exact: true }).click();
    await a.page.waitForURL('**/sample-pleading');
    await a.page.getByRole('heading', { name: 'Written statement (civil)', exact: true }).waitFor();
    await expect
      .poll(async () => (await serverPages('/api/sample_pleadings', 'sample_pleadings'))[0]?.title, {
        timeout: 15_000,
      })
      .toBe('Written statement (civil)');

    await a.page.getByRole('button', { name: 'Delete Written statement (civil)', exact: true }).click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await a.page.getByText('No Records found.').waitFor();
    await expect
      .poll(() => serverPages('/api/sample_pleadings', 'sample_pleadings'), { timeout: 15_000 })
      .toEqual([]);
    const gone = await h.app.inject({
      method: 'GET',
      url: created!.files[0]!.url,
      headers: { authorization: `Bearer ${await adminToken(h)}` },
    });
    expect(gone.statusCode).toBe(404);
  } finally {
    await a.ctx.close();
  }
});
