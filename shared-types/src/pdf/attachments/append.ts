import { PDFDocument } from 'pdf-lib';
import { imageInfo, imageLimitMessage, MAX_BUILD_PAGES } from '../../attachments/limits.ts';
import { GREY, type PageFlow } from '../layout/flow.ts';
import type { TPdfFonts } from '../text/fonts.ts';
import type { TLoadBytes, TPdfAttachment } from '../types.ts';
import { addImagePage, jpegOrientation, sniff } from './image-page.ts';
import { countPages } from './pdf-pages.ts';
import { embedPngDirect, type TEmbeddedImage } from './png.ts';

/** Types the PDF takes in whole; anything else (Word, XML) is named so the reader knows it exists. */
const INCLUDED_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'application/pdf']);

/** State shared while one PDF's attachments are appended. */
export type TAppendContext = {
  doc: PDFDocument;
  fonts: TPdfFonts;
  /** Where notes ('Attached file: …') are written. */
  flow: PageFlow;
  loadBytes: TLoadBytes;
  /** Embedded images by SHA-256: the same photo attached twice is stored in the PDF once. */
  images: Map<string, TEmbeddedImage>;
  /** The caption last written above notes on the current page. */
  noteCaption: string | null;
  /** Attachment pages this PDF may still take (MAX_BUILD_PAGES); past it, attachments are named instead. */
  pagesLeft: number;
};

export function appendContext(
  doc: PDFDocument,
  fonts: TPdfFonts,
  flow: PageFlow,
  loadBytes: TLoadBytes,
): TAppendContext {
  return { doc, fonts, flow, loadBytes, images: new Map(), noteCaption: null, pagesLeft: MAX_BUILD_PAGES };
}

function note(ctx: TAppendContext, caption: string, text: string): void {
  if (!ctx.flow.hasPage || ctx.noteCaption !== caption) {
    if (ctx.flow.hasPage) ctx.flow.gap(8);
    if (caption) ctx.flow.text(caption, { bold: true });
    ctx.noteCaption = caption;
  }
  ctx.flow.text(text, { color: GREY });
}

async function embedImage(ctx: TAppendContext, sha256: string, kind: 'png' | 'jpeg', bytes: Uint8Array) {
  let image = ctx.images.get(sha256);
  if (!image) {
    image =
      kind === 'png'
        ? (embedPngDirect(ctx.doc, bytes) ?? (await ctx.doc.embedPng(bytes)))
        : await ctx.doc.embedJpg(bytes);
    ctx.images.set(sha256, image);
  }
  return image;
}

/** An attachment over a limit (limits.ts): the PDF names it, with the reason, instead of its pages. */
class OverLimit extends Error {}

/**
 * Copies a PDF's pages in, after counting them without pdf-lib's walk (pdf-pages.ts): a file accepted before
 * the limits existed is bounded here too.
 */
async function appendPdf(ctx: TAppendContext, bytes: Uint8Array): Promise<void> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  const counted = countPages(source);
  if (!counted.ok) throw new OverLimit(counted.message);
  if (counted.pages > ctx.pagesLeft)
    throw new OverLimit(`This PDF would pass ${MAX_BUILD_PAGES.toLocaleString('en-US')} attached pages.`);
  const pages = await ctx.doc.copyPages(source, source.getPageIndices());
  if (!pages.length) throw new Error('The PDF has no pages.');
  ctx.pagesLeft -= pages.length;
  for (const page of pages) ctx.doc.addPage(page);
}

/** Draws an image on a page of its own, when its header says it fits the limits. */
async function appendImage(
  ctx: TAppendContext,
  attachment: TPdfAttachment,
  bytes: Uint8Array,
  caption: string,
) {
  const info = imageInfo(bytes);
  if (!info) throw new Error('unreadable image header');
  const refusal = imageLimitMessage(info);
  if (refusal) throw new OverLimit(refusal);
  if (ctx.pagesLeft < 1)
    throw new OverLimit(`This PDF already has ${MAX_BUILD_PAGES.toLocaleString('en-US')} attached pages.`);
  const kind = info.kind === 'png' ? 'png' : 'jpeg';
  const image = await embedImage(ctx, attachment.sha256, kind, bytes);
  ctx.pagesLeft -= 1;
  addImagePage(ctx.doc, ctx.fonts, image, kind === 'jpeg' ? jpegOrientation(bytes) : 1, caption);
}

/** First and last page (0-based) that an attachment's content landed on. */
export type TPageRange = [number, number];

/**
 * Puts one attachment into the PDF: an image on a page of its own, a PDF's pages copied in, any other file
 * named. A file whose bytes are missing or damaged, or over a limit, is named as not included instead: one bad
 * scan must not cost a lawyer the whole bundle.
 */
export async function appendAttachment(
  ctx: TAppendContext,
  attachment: TPdfAttachment,
  caption: string,
): Promise<TPageRange> {
  const before = ctx.doc.getPageCount();
  // Notes continue on the open notes page, which is always the last page.
  const noteStart = ctx.flow.hasPage ? before - 1 : before;
  const placed = await place(ctx, attachment, caption);
  const last = ctx.doc.getPageCount() - 1;
  return [placed === 'pages' ? before : Math.min(noteStart, last), last];
}

async function place(
  ctx: TAppendContext,
  attachment: TPdfAttachment,
  caption: string,
): Promise<'pages' | 'note'> {
  const name = attachment.file_name;
  if (!INCLUDED_TYPES.has(attachment.mime_type)) {
    note(ctx, caption, `Attached file: ${name}`);
    return 'note';
  }
  try {
    const bytes = await ctx.loadBytes({ kind: 'file', sha256: attachment.sha256, name });
    const kind = bytes ? sniff(bytes) : null;
    if (!bytes || !kind) throw new Error('missing or unknown bytes');
    if (kind === 'pdf') await appendPdf(ctx, bytes);
    else await appendImage(ctx, attachment, bytes, caption);
    ctx.flow.closePage();
    ctx.noteCaption = null;
    return 'pages';
  } catch (e) {
    note(
      ctx,
      caption,
      e instanceof OverLimit
        ? `File not included: ${name}. ${e.message} Open it in the app.`
        : `File could not be included: ${name}`,
    );
    return 'note';
  }
}
