import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { CaseListPage } from './pages/CaseListPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { PetitionFormPage } from './pages/PetitionFormPage.ts';
import { PetitionPage } from './pages/PetitionPage.ts';
import { seedIndexItem, seedPetition } from './seed.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type TWindow = { cspViolations: string[] };

/** Records every CSP violation of every page of the context, from before the page's own scripts run. */
async function recordViolations(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const w = window as unknown as TWindow;
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(
        `${e.effectiveDirective} blocked ${e.blockedURI} in ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as TWindow).cspViolations);

it('the app runs under its strict CSP with no violation (zod without code generation), and eval stays refused', async () => {
  const caseId = await seedPetition(h, { case_no: '31', year: 2026, title: 'Ahmed v. The State' });
  await seedIndexItem(h, { petition_id: caseId, document_description: 'Certified copy of the FIR' });
  // No bypassCSP: the page gets the server's real policy.
  const ctx = await h.newContext();
  await recordViolations(ctx);
  const page = await ctx.newPage();
  const login = new LoginPage(page);
  const answer = await page.goto('/login');
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
  await login.login(E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Case Files' }).waitFor();
  expect(await violations(page)).toEqual([]);

  // Screens that build and run the shared zod schemas: the case list, a case, and a new case saved.
  const list = new CaseListPage(page);
  await list.open();
  await list.card('31/2026').waitFor();
  await new PetitionPage(page).open(caseId);
  await page.getByRole('link', { name: 'Certified copy of the FIR', exact: true }).waitFor();
  const form = new PetitionFormPage(page);
  await form.open();
  await form.fill({ caseNo: '32', year: '2026', title: 'Bilal v. Qureshi' });
  await form.save();
  await page.getByRole('heading', { level: 1 }).getByText('Bilal v. Qureshi').waitFor();
  expect(await violations(page)).toEqual([]);

  // The policy is strict: a script's eval is refused and reported, as zod's probe would have been.
  // From a timer, as the page's own code runs: DevTools' evaluation itself is exempt from the policy.
  const probe = await page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          try {
            // The probe itself: eval is what the policy must refuse.
            // eslint-disable-next-line @typescript-eslint/no-implied-eval
            Function('')();
            resolve('ran');
          } catch (e) {
            resolve((e as Error).name);
          }
        }),
      ),
  );
  expect(probe).toBe('EvalError');
  await page.waitForFunction(() => (window as unknown as TWindow).cspViolations.length > 0);
  expect((await violations(page)).join('\n')).toContain('script-src');
  await ctx.close();
});
