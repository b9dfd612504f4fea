import type { TPageKind } from '@lawfirm/shared-types/library/page-kinds.ts';
import { slugFor } from '@lawfirm/shared-types/library/page-text.ts';

const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A page's public address (the server makes the same slug from its title at creation and its id). */
export const publicPath = (kind: TPageKind, row: { id: string; [k: string]: unknown }): string =>
  `/preview/${kind.pageType}/${textOf(row.slug) || slugFor(textOf(row[kind.titleColumn]), row.id)}`;
