/**
 * Makes a TrueType font safe for pdf-lib's subsetting. fontkit copies each glyph's bytes into the subset as
 * they are and then writes a short `loca` table (offsets stored halved) whenever the subset is small; a
 * glyph of odd length then shifts every later glyph by a byte and viewers draw nothing. The Google Fonts
 * builds use a long `loca` and do not pad their glyphs, so this rewrites `glyf` with every glyph padded to
 * four bytes (the OpenType recommendation), after which fontkit's halved offsets are exact.
 *
 * Only the table directory, `head`, `maxp`, `loca` and `glyf` are read; every other table is copied as is.
 */
export function padGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = view.getUint16(4);
  type TTable = { tag: string; offset: number; length: number };
  const tables: TTable[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(...font.subarray(at, at + 4));
    tables.push({ tag, offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  const find = (tag: string) => tables.find((t) => t.tag === tag);
  const head = find('head');
  const maxp = find('maxp');
  const loca = find('loca');
  const glyf = find('glyf');
  if (!head || !maxp || !loca || !glyf) return font; // not a glyf-based TrueType font: nothing to fix

  const longLoca = view.getInt16(head.offset + 50) === 1;
  const numGlyphs = view.getUint16(maxp.offset + 4);
  const offsetOf = (i: number) =>
    longLoca ? view.getUint32(loca.offset + i * 4) : view.getUint16(loca.offset + i * 2) * 2;
  const offsets = Array.from({ length: numGlyphs + 1 }, (_, i) => offsetOf(i));
  if (offsets.every((o) => o % 4 === 0)) return font;

  const pad4 = (n: number) => (n + 3) & ~3;
  let glyfLength = 0;
  for (let i = 0; i < numGlyphs; i++) glyfLength += pad4(offsets[i + 1]! - offsets[i]!);
  const newGlyf = new Uint8Array(glyfLength);
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const locaView = new DataView(newLoca.buffer);
  let pos = 0;
  for (let i = 0; i < numGlyphs; i++) {
    locaView.setUint32(i * 4, pos);
    const start = glyf.offset + offsets[i]!;
    newGlyf.set(font.subarray(start, glyf.offset + offsets[i + 1]!), pos);
    pos += pad4(offsets[i + 1]! - offsets[i]!);
  }
  locaView.setUint32(numGlyphs * 4, pos);

  const bodies = tables.map((t) =>
    t.tag === 'glyf' ? newGlyf : t.tag === 'loca' ? newLoca : font.subarray(t.offset, t.offset + t.length),
  );
  const headerLength = 12 + numTables * 16;
  const total = bodies.reduce((n, b) => n + pad4(b.length), headerLength);
  const out = new Uint8Array(total);
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12));
  let at = headerLength;
  tables.forEach((t, i) => {
    const body = bodies[i]!;
    out.set(body, at);
    if (t.tag === 'head') outView.setInt16(at + 50, 1); // the new loca is long
    const record = 12 + i * 16;
    out.set(font.subarray(12 + i * 16, 12 + i * 16 + 4), record);
    outView.setUint32(record + 4, checksum(out.subarray(at, at + pad4(body.length))));
    outView.setUint32(record + 8, at);
    outView.setUint32(record + 12, body.length);
    at += pad4(body.length);
  });
  return out;
}

function checksum(bytes: Uint8Array): number {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  for (let i = 0; i + 4 <= bytes.byteLength; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}
