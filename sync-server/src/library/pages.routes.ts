import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, ZMessageResponse, type TActor } from '@lawfirm/shared-types';
import {
  cut80,
  MSG_PAGE_NOT_FOUND,
  PAGE_KINDS,
  PAGE_PERMISSIONS,
  pageKindOf,
  pagePostBody,
  type TPageKind,
} from '@lawfirm/shared-types/library/pages.ts';
import { companyForHost } from '../db/company-for-host.ts';
import type { Db } from '../db/connect.ts';
import { forActor, forFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { containsText, inTransaction } from '../db/query-helpers.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import { ZIdParams, type ZodApp } from '../http/schemas.ts';
import { toWire } from '../sync/codec.ts';
import type { EntityDef } from '../sync/entities.ts';
import {
  ATTACHMENT_FILES,
  discardFiles,
  receiveFiles,
  type ReceivedFile,
} from '../uploads/multipart-files.ts';
import { PAGE_ENTITIES } from './library.entities.ts';
import { checkAndStoreFiles, fileOwner, putOwnerFiles } from '../attachments/owner-files.ts';
import { sanitizePageHtml } from '../http/sanitize.ts';

/**
 * The REST calls of the published pages (rest-contract 70–73, 82–85, 87–90, 10), one implementation for the
 * three kinds, driven by each kind's shared declaration: the list with its filters under the original keys
 * (`general_case_Laws`, `contracts_and_agreemnets` sic), one page, create/update as JSON or multipart with
 * `files[n]`, delete; and the public page by its slug, as JSON (`get_html_content`, no auth) and as a real
 * HTML document at `/preview/{page_type}/{page_slug}` for link previews.
 */

const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/** A page as the calls answer it: its columns, stamps, its files, and `attachment` (the first, as the cards show). */
const ZPageAnswer = z.looseObject({ id: z.string() });

type TFileAnswer = {
  id: string;
  file_name: string;
  mime_type: string;
  size: number;
  sha256: string;
  url: string;
};

async function filesOf(db: Db, companyId: string, ids: string[]): Promise<Map<string, TFileAnswer[]>> {
  const out = new Map<string, TFileAnswer[]>();
  if (!ids.length) return out;
  const rows = await forFirm(db, companyId)
    .live('attachments')
    .selectAll()
    .where('owner_id', 'in', ids)
    .orderBy('display_order')
    .orderBy('created_at')
    .execute();
  for (const f of rows) {
    const owner = String(f.owner_id);
    const list = out.get(owner) ?? [];
    list.push({
      id: f.id,
      file_name: String(f.file_name),
      mime_type: String(f.mime_type),
      size: Number(f.size),
      sha256: String(f.sha256),
      url: `/files/${String(f.sha256)}`,
    });
    out.set(owner, list);
  }
  return out;
}

function serve(app: ZodApp, kind: TPageKind, def: EntityDef): void {
  const table = kind.name as 'sample_pleadings';
  const { path, listKey, rowKey, filters } = kind.rest;

  /** The actor's live pages (all, or the one with `id`), filtered as the list's query asks. */
  const read = async (db: Db, actor: TActor, where: { id?: string; query?: Record<string, unknown> }) => {
    if (def.readScope(actor) === 'none') throw forbidden();
    let q = forFirm(db, actor.company_id).live(table).selectAll();
    if (where.id !== undefined) q = q.where('id', '=', where.id);
    for (const column of filters) {
      const value = where.query?.[column];
      if (typeof value !== 'string' || !value.trim()) continue;
      q = column.endsWith('_id')
        ? q.where(column as 'id', '=', value.trim())
        : q.where(containsText(column, value.trim()));
    }
    const rows: Record<string, unknown>[] = await q
      .orderBy(kind.titleColumn as 'title')
      .orderBy('created_at')
      .execute();
    const files = await filesOf(
      db,
      actor.company_id,
      rows.map((r) => String(r.id)),
    );
    return rows.map((r) => {
      const own = files.get(String(r.id)) ?? [];
      return {
        ...toWire(def, r),
        // Cleaned again on the way out: a row an older server stored is never sent as it was.
        content: sanitizePageHtml(r.content as string | null),
        excerpt: cut80(r.plain_content as string | null),
        public_url: `/preview/${kind.pageType}/${String(r.slug)}`,
        created_at: String(r.created_at),
        updated_at: String(r.updated_at),
        files: own,
        attachment: own[0] ?? null,
      };
    });
  };

  app.get(
    path,
    {
      config: { auth: true },
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ [listKey]: z.array(ZPageAnswer) }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      return { [listKey]: await read(app.db, actor, { query: req.query }) };
    },
  );

  app.get(
    `${path}/:id`,
    {
      config: { auth: true },
      schema: { params: ZIdParams, response: { 200: z.object({ [rowKey]: ZPageAnswer }) } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const [found] = await read(app.db, actor, { id: req.params.id });
      if (!found) throw notFound();
      return { [rowKey]: found };
    },
  );

  /**
   * Create without an id, update with one; JSON, or multipart with `files[n]` added to the page. Only those who
   * may change pages call it: the others are refused before their body is read, so no file of theirs is kept,
   * not even for a moment.
   */
  app.post(
    path,
    {
      config: { auth: PAGE_PERMISSIONS.manage, files: ATTACHMENT_FILES },
      schema: {
        body: pagePostBody(def.writable),
        response: { 200: z.object({ [rowKey]: ZPageAnswer, message: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      // JSON or multipart, the fields are the body as its schema decoded them; a multipart body adds its files.
      const { id, values } = req.body;
      let files: ReceivedFile[] = [];
      if (req.isMultipart()) ({ files } = await receiveFiles(req));
      try {
        // A page's files as its declaration says (shared-types library/pages.ts), refused as the library always was.
        await checkAndStoreFiles(app, actor, fileOwner(kind.ownerType), files, 'kinds');
        const saved = await inTransaction(app.db, async (trx) => {
          const firm = forActor(trx, actor);
          const existing = id ? await firm.find(table, id) : undefined;
          if (id && !existing) throw notFound();
          const pageId = existing?.id ?? newId();
          await firm.put(def, pageId, values);
          await putOwnerFiles(firm, fileOwner(kind.ownerType), pageId, files);
          return { id: pageId, message: existing ? MSG.updatedOk : MSG.savedOk };
        });
        const [found] = await read(app.db, actor, { id: saved.id });
        if (!found) throw notFound();
        return { [rowKey]: found, message: saved.message };
      } finally {
        await discardFiles(files);
      }
    },
  );

  app.delete(
    `${path}/:id`,
    { config: { auth: true }, schema: { params: ZIdParams, response: { 200: ZMessageResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      await inTransaction(app.db, async (trx) => {
        const firm = forActor(trx, actor);
        if (!(await firm.find(table, req.params.id))) throw notFound();
        await firm.remove(def, req.params.id);
      });
      return { message: MSG.deletedOk };
    },
  );
}

/**
 * A live, published page by its public address on the site `hostname` names, its HTML cleaned again on the way
 * out. A page belongs to its firm's site (the firm's own domain; the provider's pages to the provider's site):
 * on any other host it is not found, exactly as a page that does not exist, so one firm's host never publishes,
 * nor confirms, another firm's pages.
 */
async function publicPage(db: Db, hostname: string, pageType: string, slug: string) {
  const kind = pageKindOf(pageType);
  if (!kind || !slug) return null;
  const site = await companyForHost(db, hostname);
  const row = await db
    .selectFrom(kind.name as 'sample_pleadings')
    .selectAll()
    .where('company_id', '=', site.id)
    .where('slug', '=', slug)
    .where('deleted_at', 'is', null)
    .where('published', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  const r = row as Record<string, unknown>;
  return {
    title: textOf(r[kind.titleColumn]),
    content: sanitizePageHtml(r.content as string | null),
    description: textOf(r.plain_content).slice(0, 200),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The public page as a document of its own: readable without the app, with a title and description for link previews. */
function previewDocument(page: { title: string; content: string; description: string }): string {
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><meta name="description" content="${description}">
<meta property="og:type" content="article"><meta property="og:title" content="${title}">
<meta property="og:description" content="${description}"><meta name="twitter:card" content="summary">
<style>body{font:16px/1.6 system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem;color:#1a1a1a;overflow-wrap:anywhere}
table{border-collapse:collapse;display:block;overflow-x:auto}td,th{border:1px solid #999;padding:.25rem .5rem}a{color:#0b57d0}</style>
</head><body><main><h1>${title}</h1><article class="page-content">${page.content}</article></main></body></html>`;
}

export async function libraryPagesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const kind of PAGE_KINDS) serve(app, kind, PAGE_ENTITIES.get(kind.name)!);

  /** rest-contract 10: no auth; only published pages. */
  app.get(
    '/api/get_html_content',
    {
      schema: {
        querystring: z.object({
          page_slug: z.string().max(300).optional(),
          page_type: z.string().max(100).optional(),
        }),
        response: { 200: z.object({ title: z.string(), content: z.string() }) },
      },
    },
    async (req) => {
      const page = await publicPage(
        app.db,
        req.hostname,
        req.query.page_type ?? '',
        req.query.page_slug ?? '',
      );
      if (!page) throw new HttpError(404, MSG_PAGE_NOT_FOUND);
      return { title: page.title, content: page.content };
    },
  );

  app.get(
    '/preview/:page_type/:page_slug',
    { schema: { params: z.object({ page_type: z.string().max(100), page_slug: z.string().max(300) }) } },
    async (req, reply) => {
      const page = await publicPage(app.db, req.hostname, req.params.page_type, req.params.page_slug);
      const doc = page
        ? previewDocument(page)
        : previewDocument({ title: MSG_PAGE_NOT_FOUND, content: '<p>404</p>', description: '' });
      return (
        reply
          .status(page ? 200 : 404)
          .header('Content-Type', 'text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          // Nothing on this page runs: no script at all, styles from the page itself only.
          .header(
            'Content-Security-Policy',
            "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
          )
          .send(doc)
      );
    },
  );
}
