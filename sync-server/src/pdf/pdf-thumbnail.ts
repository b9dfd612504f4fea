import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The first page of an uploaded PDF as a small PNG, for the original client's attachment tables, which draw
 * every attachment as an <img> (80 px wide). Runs in a PDF worker thread (pdf-worker.ts): pdf.js reads the
 * page and draws it on a Skia canvas (@napi-rs/canvas, a prebuilt binary from the npm registry), both loaded
 * only when the first thumbnail is made. The PDF is one a user uploaded: pdf.js runs with eval off, and the
 * picture's size is fixed by us, whatever size the page claims.
 */

/** Three times the 80 px the client shows it at; a tall page is fitted into twice that height. */
export const THUMBNAIL_WIDTH = 240;
const MAX_HEIGHT = 2 * THUMBNAIL_WIDTH;

const PDFJS_DIR = dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/package.json')));
/** pdf.js's own data, read from its package folder (it fetches nothing from the network in Node). */
const PDFJS_DATA = {
  standardFontDataUrl: `${join(PDFJS_DIR, 'standard_fonts')}/`,
  cMapUrl: `${join(PDFJS_DIR, 'cmaps')}/`,
  cMapPacked: true,
  wasmUrl: `${join(PDFJS_DIR, 'wasm')}/`,
};

export async function renderPdfThumbnail(bytes: Uint8Array): Promise<Uint8Array> {
  const [{ getDocument }, { createCanvas }] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('@napi-rs/canvas'),
  ]);
  // A copy, as a plain Uint8Array: pdf.js takes over the buffer it is given, and refuses a Node Buffer.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    verbosity: 0,
    ...PDFJS_DATA,
  });
  try {
    const pdf = await task.promise;
    const page = await pdf.getPage(1);
    const { width, height } = page.getViewport({ scale: 1 });
    if (!(width > 0 && height > 0)) throw new Error('The first page has no size.');
    const viewport = page.getViewport({ scale: Math.min(THUMBNAIL_WIDTH / width, MAX_HEIGHT / height) });
    const canvas = createCanvas(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
    const context = canvas.getContext('2d');
    // A page draws on white paper: without this its unpainted parts would be transparent.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return new Uint8Array(await canvas.encode('png'));
  } finally {
    await task.destroy();
  }
}
