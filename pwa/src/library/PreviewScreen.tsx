import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { MSG_PAGE_NOT_FOUND, pageKindOf } from '@lawfirm/shared-types/library/page-kinds.ts';
import { slugFor } from '@lawfirm/shared-types/library/page-text.ts';
import { useLiveQuery, useSync } from '../sync/hooks.ts';
import { api, ApiError } from '../http/client.ts';
import { SafeHtml } from './SafeHtml.tsx';
import './library.css';

const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

type TShown = { title: string; content: string } | 'missing' | 'offline' | undefined;

/**
 * A published page (part 3 §2.12), public: a signed-in device shows its own copy (it opens in court with no
 * signal); anyone else gets it from the server (get_html_content). Cleaned again before it is shown.
 */
export function PreviewScreen() {
  const { page_type = '', page_slug = '' } = useParams();
  const kind = pageKindOf(page_type);
  const ctx = useSync();
  const local = useLiveQuery(async () => {
    if (!ctx || !kind) return null;
    const table = ctx.db.rows(kind.name);
    // A page made on this device and not yet synced has no slug from the server: its address is made the same way.
    const row = ((await table.where('slug').equals(page_slug).first()) ??
      (await table
        .filter(
          (r: Record<string, unknown>) =>
            !r.slug && slugFor(textOf(r[kind.titleColumn]), String(r.id)) === page_slug,
        )
        .first())) as Record<string, unknown> | undefined;
    return row && !row.deleted_at
      ? { title: textOf(row[kind.titleColumn]), content: textOf(row.content) }
      : null;
  }, [ctx, kind, page_slug]);
  const [fetched, setFetched] = useState<TShown>(undefined);
  useEffect(() => {
    if (local || (local === undefined && ctx)) return;
    if (!kind) return setFetched('missing');
    let alive = true;
    api<{ title: string; content: string }>('/api/get_html_content', {
      auth: false,
      query: { page_slug, page_type },
    })
      .then((r) => alive && setFetched(r))
      .catch((e: unknown) => alive && setFetched(e instanceof ApiError && e.offline ? 'offline' : 'missing'));
    return () => {
      alive = false;
    };
  }, [local, ctx, kind, page_slug, page_type]);

  const shown: TShown = local ?? fetched;
  useEffect(() => {
    if (typeof shown === 'object') document.title = shown.title;
  }, [shown]);
  if (shown === undefined)
    return (
      <p role="status" className="page">
        Loading....
      </p>
    );
  if (shown === 'missing' || shown === 'offline')
    return (
      <section className="page center">
        {shown === 'missing' && <h1 className="big-code">404</h1>}
        <p role="alert">
          {shown === 'missing' ? MSG_PAGE_NOT_FOUND : 'This page is not on this device. Connect to read it.'}
        </p>
      </section>
    );
  return (
    <article className="page preview-page">
      <h1>{shown.title}</h1>
      <SafeHtml html={shown.content} />
    </article>
  );
}
