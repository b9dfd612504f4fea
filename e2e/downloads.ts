import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Clicks `trigger`, saves the file the browser downloads to `file` and returns its bytes. */
export async function downloadFrom(trigger: Locator, file: string): Promise<Uint8Array> {
  const [download] = await Promise.all([
    // The PDF is built on the device (fonts, pdf-lib): on a loaded machine that takes a while.
    trigger.page().waitForEvent('download', { timeout: 60_000 }),
    trigger.click(),
  ]);
  await download.saveAs(file);
  return new Uint8Array(await readFile(file));
}

/** Each page's text as pdf.js reads it, the items joined as they come (their own spaces kept). */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= pdf.numPages; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
