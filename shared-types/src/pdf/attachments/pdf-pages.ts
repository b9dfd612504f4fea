import { PDFArray, PDFDict, PDFDocument, PDFName, PDFPageLeaf, PDFPageTree } from 'pdf-lib';
import {
  MAX_PAGE_TREE_DEPTH,
  MAX_PDF_PAGES,
  PDF_PAGE_TREE_MESSAGE,
  PDF_TOO_MANY_PAGES_MESSAGE,
} from '../../attachments/limits.ts';

export type TPageCount = { ok: true; pages: number } | { ok: false; message: string };

/**
 * Counts a PDF's pages by walking its page tree once, node by node. pdf-lib's own walk follows every listing
 * of a child, so a tree that lists the same child 10 times on each of k levels becomes 10^k pages from a file
 * of a kilobyte (issue 9). A node listed twice (which a page tree never does), a tree deeper than the limit
 * or more pages than the limit are refused before pdf-lib walks it. Throws when the file has no page tree to
 * read at all (no catalog, a Pages entry of the wrong type).
 */
export function countPages(doc: PDFDocument, maxPages = MAX_PDF_PAGES): TPageCount {
  const root = (doc.catalog as PDFDict | undefined)?.lookupMaybe(PDFName.of('Pages'), PDFDict);
  if (!(root instanceof PDFPageTree)) throw new Error('The PDF has no page tree.');
  const seen = new Set<PDFDict>([root]);
  const stack: [PDFPageTree, number][] = [[root, 1]];
  let pages = 0;
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) {
      const kid = doc.context.lookup(kids.get(i));
      // pdf-lib's walk looks only at these two; anything else in Kids is skipped there too.
      if (!(kid instanceof PDFPageTree) && !(kid instanceof PDFPageLeaf)) continue;
      if (seen.has(kid)) return { ok: false, message: PDF_PAGE_TREE_MESSAGE };
      seen.add(kid);
      if (kid instanceof PDFPageLeaf) {
        if (++pages > maxPages) return { ok: false, message: PDF_TOO_MANY_PAGES_MESSAGE };
      } else if (depth + 1 > MAX_PAGE_TREE_DEPTH) return { ok: false, message: PDF_PAGE_TREE_MESSAGE };
      else stack.push([kid, depth + 1]);
    }
  }
  return { ok: true, pages };
}

/**
 * The upload check of a PDF: a refusal message when its page tree is over the limits, else null. A file
 * pdf-lib cannot read at all is kept (a built PDF names it as not included; the lawyer still has the file).
 */
export async function pdfRefusal(bytes: Uint8Array): Promise<string | null> {
  let counted: TPageCount;
  try {
    // An encrypted file's page tree is plain: it is counted like any other.
    counted = countPages(await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true }));
  } catch {
    return null;
  }
  return counted.ok ? null : counted.message;
}
