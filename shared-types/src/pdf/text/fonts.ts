import fontkit from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { TLoadBytes } from '../types.ts';
import type { TScriptFont } from './bidi.ts';
import { padGlyphs } from './sfnt-pad.ts';

/**
 * The two fonts every PDF embeds (DESIGN §6, §7): Noto Sans for Latin text and Noto Naskh Arabic for Urdu.
 * Naskh rather than Nastaliq: pdf-lib cannot draw Nastaliq's cursive attachment, while Naskh needs only the
 * mark positioning this module applies itself. Both are the full Google Fonts builds (their GSUB and GPOS
 * tables are what shape Urdu), shipped as TTF by the @expo-google-fonts packages and read from node_modules
 * on the server and from the PWA's precache in the browser.
 */
export const PDF_FONT_FILES: Record<TScriptFont, string> = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  arabic: '@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf',
};

/** One embedded font: pdf-lib's handle for drawing, and fontkit's for shaping and measuring. */
export type TFontFace = { pdf: PDFFont; kit: Font; scale: number };
export type TPdfFonts = Record<TScriptFont, TFontFace>;

/** Prepared fonts per byte array, so a server building many PDFs prepares each font once. */
const prepared = new WeakMap<Uint8Array, { bytes: Uint8Array; kit: Font }>();
/** The parsed font of each prepared (padded) byte array, for pdf-lib's embedding below. */
const parsed = new WeakMap<Uint8Array, Font>();

/**
 * The fontkit pdf-lib embeds with: a font it was already given is the one parsed before, not parsed again.
 * pdf-lib's subset embedder lays out every string it encodes with its own fontkit font; a fresh one per PDF
 * decodes the font's GSUB/GPOS lookups from scratch for each document (over half of an invoice PDF's time,
 * measured with --cpu-prof). A parsed font is only read by layout and subsetting, so one serves every PDF.
 */
const cachedFontkit: typeof fontkit = {
  ...fontkit,
  create: (bytes: Uint8Array, postscriptName?: string) =>
    (!postscriptName && parsed.get(bytes)) || fontkit.create(bytes, postscriptName),
};

async function face(doc: PDFDocument, loadBytes: TLoadBytes, font: TScriptFont): Promise<TFontFace> {
  const bytes = await loadBytes({ kind: 'font', font });
  if (!bytes) throw new Error(`The ${font} PDF font could not be loaded.`);
  let ready = prepared.get(bytes);
  if (!ready) {
    const padded = padGlyphs(bytes);
    prepared.set(bytes, (ready = { bytes: padded, kit: fontkit.create(padded) }));
    parsed.set(padded, ready.kit);
  }
  // Subsetting keeps each PDF small: only the glyphs drawn travel, not the 600 kB Latin font.
  const pdf = await doc.embedFont(ready.bytes, { subset: true });
  return { pdf, kit: ready.kit, scale: 1000 / ready.kit.unitsPerEm };
}

export async function embedPdfFonts(doc: PDFDocument, loadBytes: TLoadBytes): Promise<TPdfFonts> {
  doc.registerFontkit(cachedFontkit);
  return { latin: await face(doc, loadBytes, 'latin'), arabic: await face(doc, loadBytes, 'arabic') };
}
