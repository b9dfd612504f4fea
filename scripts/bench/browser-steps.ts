import type { Page } from 'playwright-core';
import { ensurePwaBuild } from './pwa-size.ts';
import { printTable, type Row } from './table.ts';

/**
 * Waits until the signed-in page's first sync has ended: no progress bar for a second. A function, not a
 * string: the page's CSP refuses eval, which string predicates need.
 */
export async function firstSyncSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { lfQuiet?: number };
      w.lfQuiet = document.querySelector('progress') ? 0 : (w.lfQuiet ?? 0) + 1;
      return w.lfQuiet > 10;
    },
    undefined,
    { timeout: 120_000, polling: 100 },
  );
}

/**
 * Runs one part of the bench alone (its module run as a script): on the build in PWA_DIST_DIR, or on pwa/dist
 * as ensurePwaBuild finds it; prints its table and report and sets the exit code.
 */
export async function runAlone(
  part: (distDir: string) => Promise<{ rows: Row[]; report: string[] }>,
): Promise<void> {
  const build = process.env.PWA_DIST_DIR
    ? { distDir: process.env.PWA_DIST_DIR, note: null, cleanup: () => undefined }
    : ensurePwaBuild();
  const { rows, report } = await part(build.distDir).finally(build.cleanup);
  if (build.note) report.unshift(build.note);
  const ok = printTable(rows);
  if (report.length) console.log(`\n${report.join('\n')}`);
  process.exitCode = ok ? 0 : 1;
}
