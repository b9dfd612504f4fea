import MiniSearch from 'minisearch';
import { PAGE_KINDS, type TPageKind } from '@lawfirm/shared-types/library/page-kinds.ts';
import { plainText } from '@lawfirm/shared-types/library/page-text.ts';

/** A library page as search holds it: which kind, its title, keywords and words. */
export type TSearchDoc = { id: string; kind: string; title: string; keywords: string; text: string };
export type TSearchHit = TSearchDoc & { score: number };

type TPageRow = Record<string, unknown> & { id: string };

/** A page row as a search document (its plain text, or the words of its HTML before the server derived them). */
export function searchDoc(kind: TPageKind, row: TPageRow): TSearchDoc {
  const plain = typeof row.plain_content === 'string' && row.plain_content ? row.plain_content : null;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: row.id,
    kind: kind.name,
    title: text(row[kind.titleColumn]),
    keywords: [text(row.keywords), text(row.legal_provisions)].filter(Boolean).join(' '),
    text: plain ?? plainText(text(row.content)),
  };
}

/**
 * The device's search over every library page (propositions, contracts, pleadings): words in titles count
 * most, then keywords and provisions, then the text; prefixes match while typing and a typo is forgiven.
 */
export function buildLibraryIndex(
  rows: Readonly<Record<string, readonly TPageRow[]>>,
): MiniSearch<TSearchDoc> {
  const index = new MiniSearch<TSearchDoc>({
    fields: ['title', 'keywords', 'text'],
    storeFields: ['kind', 'title', 'keywords', 'text'],
    searchOptions: {
      boost: { title: 3, keywords: 2 },
      prefix: true,
      // A typo is forgiven in longer words only: short ones would match half the library, and slowly.
      fuzzy: (term) => (term.length > 4 ? 0.2 : false),
      combineWith: 'AND',
    },
  });
  for (const kind of PAGE_KINDS)
    index.addAll((rows[kind.name] ?? []).filter((r) => !r.deleted_at).map((r) => searchDoc(kind, r)));
  return index;
}

/** The best matches first. */
export function searchLibrary(index: MiniSearch<TSearchDoc>, query: string, limit = 50): TSearchHit[] {
  const q = query.trim();
  if (!q) return [];
  return index
    .search(q)
    .slice(0, limit)
    .map((r) => ({
      id: String(r.id),
      kind: String(r.kind),
      title: String(r.title),
      keywords: String(r.keywords),
      text: String(r.text),
      score: r.score,
    }));
}
