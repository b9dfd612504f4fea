import type { Glyph, GlyphPosition, GlyphRun } from '@pdf-lib/fontkit';
import { bidiRuns, mirrorBrackets, visualOrder, type TBidiRun } from './bidi.ts';
import type { TFontFace, TPdfFonts } from './fonts.ts';

/** One run shaped by fontkit: its glyphs in display order with their GPOS positions. */
export type TShapedRun = TBidiRun & {
  face: TFontFace;
  glyphs: Glyph[];
  positions: GlyphPosition[];
  /** Glyphs were reversed from fontkit's order to match the run's direction (Arabic-Indic digits). */
  reversed: boolean;
  /** Advance in thousandths of an em. */
  width: number;
};

/** Shaped lines per font set: the same heading or name is measured and drawn several times. */
const shapedCache = new WeakMap<TPdfFonts, Map<string, TShapedRun[]>>();

/** Arabic harakat and Quranic marks: optional in Urdu text, and what trips fontkit's mark-to-ligature code. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed]/g;

export function cleanText(text: string): string {
  // Tabs and stray control characters have no glyph; a box in a court document is worse than a space.
  return text.replace(/[\t\v\f]/g, ' ').replace(/\p{Cc}/gu, '');
}

function shaped(run: TBidiRun, face: TFontFace, text: string, laid: GlyphRun): TShapedRun {
  const reversed = (laid.direction === 'rtl') !== (run.level % 2 === 1);
  const glyphs = reversed ? [...laid.glyphs].reverse() : laid.glyphs;
  const positions = reversed ? [...laid.positions].reverse() : laid.positions;
  const advance = positions.reduce((w, p) => w + p.xAdvance, 0);
  return { ...run, text, face, glyphs, positions, reversed, width: advance * face.scale };
}

/**
 * Shapes one run. fontkit throws on some mark-on-ligature sequences (`اللّٰهِ`); a name must never break a PDF
 * (DESIGN §6), so the run is shaped again without its diacritics, and as a last resort letter by letter.
 * The text kept is the text shaped, so pdf-lib encodes exactly these glyphs.
 */
function shapeRun(fonts: TPdfFonts, logical: TBidiRun): TShapedRun[] {
  const run = logical.level % 2 ? { ...logical, text: mirrorBrackets(logical.text) } : logical;
  const face = fonts[run.font];
  const attempt = (text: string): TShapedRun | null => {
    try {
      return shaped(run, face, text, face.kit.layout(text));
    } catch {
      return null;
    }
  };
  const whole = attempt(run.text);
  if (whole) return [whole];
  const bare = run.text.replace(ARABIC_MARKS, '');
  const withoutMarks = attempt(bare);
  if (withoutMarks) return [withoutMarks];
  const letters = [...bare].map(attempt).filter((r): r is TShapedRun => r !== null);
  return run.level % 2 ? letters.reverse() : letters;
}

/** A line's runs in display order (left to right), shaped. */
export function shapeLine(fonts: TPdfFonts, text: string): TShapedRun[] {
  let cache = shapedCache.get(fonts);
  if (!cache) shapedCache.set(fonts, (cache = new Map()));
  const hit = cache.get(text);
  if (hit) return hit;
  const has = (font: keyof TPdfFonts, cp: number) => fonts[font].kit.hasGlyphForCodePoint(cp);
  const runs = visualOrder(bidiRuns(text, has)).flatMap((run) => shapeRun(fonts, run));
  if (cache.size > 5000) cache.clear();
  cache.set(text, runs);
  return runs;
}
