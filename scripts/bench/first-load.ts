// Issue 11 items 1 and 2 in `npm run bench`: bytes on the wire of a first load and first sync, raw and
// compressed (wire.ts), and the Lighthouse scores of the public and signed-in pages (lighthouse.ts), on one
// build of the PWA (pwa/dist, or a fresh build when it is older than the sources).
import { existsSync } from 'node:fs';
import { lighthouseRows } from './lighthouse.ts';
import { ensurePwaBuild } from './pwa-size.ts';
import type { Row } from './table.ts';
import { wireRows } from './wire.ts';

export async function firstLoadBench(): Promise<{ rows: Row[]; report: string[] }> {
  const build = ensurePwaBuild();
  try {
    const wire = await wireRows(build.distDir);
    const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const lighthouse = existsSync(chromium)
      ? await lighthouseRows(build.distDir)
      : { rows: [], report: [`Lighthouse not run: no Chromium at ${chromium} (CHROMIUM_PATH).`] };
    return {
      rows: [...wire.rows, ...lighthouse.rows],
      report: [...(build.note ? [build.note] : []), ...wire.report, ...lighthouse.report],
    };
  } finally {
    build.cleanup();
  }
}
