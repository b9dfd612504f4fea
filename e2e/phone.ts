import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';

/** A phone in a court corridor: 390x844, touch. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};

/** The two phone screens every new screen is checked on (issue 11): 360x740 and 390x844. */
export const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

/** PHONE with another screen size. */
export const phone = (viewport: { width: number; height: number }): BrowserContextOptions => ({
  ...PHONE,
  viewport,
});

// Evaluated through the DevTools protocol: the app's CSP (rightly) refuses an injected <script>.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type TAxeResult = { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };

/**
 * The phone checks every screen gets (DEVELOPERS "Phone first"): no sideways scroll, every control of the
 * screen's content at least 44 px in both directions, `first` (what the user came for) above the fold, and no
 * serious or critical axe-core violation on the page.
 */
export async function expectPhoneFriendly(page: Page, first: Locator): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'sideways scroll in px').toBeLessThanOrEqual(0);

  const small = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      // Less than 43.99: a box moved by a fractional transform (a transition under way) measures 43.99999…
      .filter(({ r }) => r.width > 0 && r.height > 0 && (r.width < 43.99 || r.height < 43.99))
      .map(({ el, r }) => `${el.outerHTML.slice(0, 70)} ${+r.width.toFixed(2)}x${+r.height.toFixed(2)}`),
  );
  expect(small, 'tap targets under 44 px').toEqual([]);

  const box = await first.boundingBox();
  expect(box, 'the content is on screen').not.toBeNull();
  const fold = page.viewportSize()?.height ?? 844;
  expect(box!.y + Math.min(box!.height, 44), 'the content is above the fold').toBeLessThanOrEqual(fold);

  expect(await seriousAxeViolations(page), 'serious or critical axe violations').toEqual([]);
}

/**
 * axe-core's serious and critical violations on the page, or only in the elements `include` selects (and only
 * the rules in `rules` when given), as "rule: targets" lines.
 */
export async function seriousAxeViolations(
  page: Page,
  include?: string,
  rules?: string[],
): Promise<string[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate(
    async ([include, rules]) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<TAxeResult> } }).axe;
      const options = rules ? { runOnly: { type: 'rule', values: rules } } : {};
      return await axe.run(include ? { include: [include] } : document, options);
    },
    [include, rules] as const,
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
}
