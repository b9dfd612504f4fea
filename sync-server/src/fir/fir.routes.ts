import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, ZMessageResponse, type TRowOf } from '@lawfirm/shared-types';
import { matchFirSections, sectionKey } from '@lawfirm/shared-types/fir/fir-match.ts';
import { FIR_PDF_TITLE } from '@lawfirm/shared-types/fir/fir-result.pdf.ts';
import {
  FIR_SECTIONS_PER_PAGE,
  ZFirSearch,
  ZFirSectionsQuery,
  type TFirSearch,
} from '@lawfirm/shared-types/fir/fir.wire.ts';
import { firSectionsDecl } from '@lawfirm/shared-types/fir/fir.entities.ts';
import { firmLinkOrigin } from '../auth/links.ts';
import type { Db } from '../db/connect.ts';
import { forActor } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { sendPdf } from '../http/content-disposition.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import { siteNameOf } from '../case-documents/case-pdf.repository.ts';
import { publicRateLimit, toolsFirmId, wireRows, type TWireRow } from '../reference-data/tools-firm.ts';

const ZRow = z.looseObject({ id: z.string() });

/**
 * POST /api/fir_sections (rest-contract 119) as the section form sends it: an id to update (none creates) and
 * the section's fields under their original names. Each value goes as sent to the section's row schema, which
 * holds the rules and the spec's messages; a field left out stays as it is.
 */
const ZFirSectionBody = z
  .object({
    id: z.string().max(200).nullish(),
    ...(Object.fromEntries(firSectionsDecl.writable.map((c) => [c, z.unknown().optional()])) as Record<
      (typeof firSectionsDecl.writable)[number],
      z.ZodOptional<z.ZodUnknown>
    >),
  })
  .transform(({ id, ...values }) => ({ id, values }));

/** Sections with their statute's title, as the original client reads `statute.title`. */
async function withStatute<R extends TWireRow>(
  db: Db,
  companyId: string,
  rows: R[],
): Promise<(R & { statute: { title: string | null } })[]> {
  const statutes = await wireRows(db, companyId, 'statutes', {
    id: [...new Set(rows.map((r) => String(r.statute_id)))],
  });
  // A statute's title is required text (its declared row schema), so every live statute has a string here.
  const title = new Map(statutes.map((s) => [s.id, typeof s.title === 'string' ? s.title : null]));
  return rows.map((r) => ({ ...r, statute: { title: title.get(String(r.statute_id)) ?? null } }));
}

/** The reader's answer: the matching sections grouped by statute (exact section match, fir-match.ts). */
async function search(db: Db, companyId: string, body: TFirSearch) {
  const rows = await wireRows(db, companyId, 'fir_sections');
  // Stored sections passed the declared row schema: a section's wire row is the declaration's row.
  const groups = matchFirSections(rows as (TWireRow & TRowOf<typeof firSectionsDecl>)[], body.filterSections);
  return Promise.all(groups.map((g) => withStatute(db, companyId, g)));
}

/** The search as a link's query (base64url JSON): the PDF link names the FIR it prints. */
const encodeSearch = (body: TFirSearch) => Buffer.from(JSON.stringify(body)).toString('base64url');
function decodeSearch(q: string): TFirSearch {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(q, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('This download link is not valid.');
  }
  const r = ZFirSearch.safeParse(parsed);
  if (!r.success) throw badRequest('This download link is not valid.');
  return r.data;
}

const PDF_PATH = '/api/fir_reader_result_pdf';
/** The result's PDF link, on the site of the firm it reads (auth/links.ts), never on the request's Host header. */
const pdfUrl = async (app: FastifyInstance, req: FastifyRequest, companyId: string, body: TFirSearch) =>
  `${await firmLinkOrigin(app.db, app.config, req, companyId)}${PDF_PATH}?q=${encodeSearch(body)}`;

/**
 * FIR sections and the FIR reader (part 3 §7 "Statutes and FIR", rest-contract 117–122; statutes are reference
 * data). The reader's calls are public (no sign-in, rate limited) and read the caller's firm, or for a visitor
 * the site's firm; the section list needs a signed-in member, its writes an admin, through the sync store.
 */
export async function firRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/fir_sections',
    {
      config: { auth: 'referenceData.read' },
      schema: {
        querystring: ZFirSectionsQuery,
        response: { 200: z.object({ fir_sections: z.looseObject({}) }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const { section, title, statute_id, page = 1 } = req.query;
      const key = section ? sectionKey(section) : '';
      const words = title?.trim().toLowerCase() ?? '';
      const all = await wireRows(app.db, actor.company_id, 'fir_sections', statute_id ? { statute_id } : {});
      const rows = all
        .filter((r) => !key || sectionKey(String(r.fir_no)).startsWith(key))
        .filter((r) => !words || String(r.title).toLowerCase().includes(words));
      const per = FIR_SECTIONS_PER_PAGE;
      const data = await withStatute(app.db, actor.company_id, rows.slice((page - 1) * per, page * per));
      return {
        fir_sections: {
          data,
          current_page: page,
          per_page: per,
          total: rows.length,
          last_page: Math.max(1, Math.ceil(rows.length / per)),
          from: data.length ? (page - 1) * per + 1 : null,
          to: data.length ? (page - 1) * per + data.length : null,
        },
      };
    },
  );

  app.get(
    '/api/fir_sections/:id',
    {
      config: { auth: 'referenceData.read' },
      schema: { params: ZIdParams, response: { 200: z.object({ firSectionData: ZRow }) } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const rows = await wireRows(app.db, actor.company_id, 'fir_sections', { id: req.params.id });
      const [row] = await withStatute(app.db, actor.company_id, rows);
      if (!row) throw notFound();
      return { firSectionData: row };
    },
  );

  app.post(
    '/api/fir_sections',
    {
      config: { auth: 'referenceData.manage' },
      schema: {
        body: ZFirSectionBody,
        response: { 200: z.object({ firSectionData: ZRow, message: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const { id, values } = req.body;
      const saved = await inTransaction(app.db, async (trx) => {
        const firm = forActor(trx, actor);
        const existing = id ? await firm.find('fir_sections', id) : undefined;
        if (id && !existing) throw notFound();
        const rowId = existing?.id ?? newId();
        await firm.put(app.registry.byName.get('fir_sections')!, rowId, values);
        return { id: rowId, message: existing ? MSG.updatedOk : MSG.savedOk };
      });
      const rows = await wireRows(app.db, actor.company_id, 'fir_sections', { id: saved.id });
      const [row] = await withStatute(app.db, actor.company_id, rows);
      return { firSectionData: row!, message: saved.message };
    },
  );

  app.delete(
    '/api/fir_sections/:id',
    {
      config: { auth: 'referenceData.manage' },
      schema: { params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await inTransaction(app.db, async (trx) => {
        const firm = forActor(trx, actor);
        if (!(await firm.find('fir_sections', req.params.id))) throw notFound();
        await firm.remove(app.registry.byName.get('fir_sections')!, req.params.id);
      });
      return { message: MSG.deletedOk };
    },
  );

  app.post(
    '/api/section_search_results',
    {
      config: publicRateLimit,
      schema: {
        body: ZFirSearch,
        response: {
          200: z.object({
            sectionSearchResults: z.array(z.array(ZRow)),
            fir_reader_result_pdf_download_url: z.string(),
            search_item: z.looseObject({}),
            noResultFound: z.boolean(),
          }),
        },
      },
    },
    async (req) => {
      const companyId = await toolsFirmId(app, req);
      const groups = await search(app.db, companyId, req.body);
      return {
        sectionSearchResults: groups,
        fir_reader_result_pdf_download_url: await pdfUrl(app, req, companyId, req.body),
        search_item: req.body.sectionData,
        noResultFound: groups.length === 0,
      };
    },
  );

  app.post(
    '/api/download_fir_reader_result_pdf',
    {
      config: publicRateLimit,
      schema: { body: ZFirSearch, response: { 200: z.object({ file_path: z.string() }) } },
    },
    async (req) => ({ file_path: await pdfUrl(app, req, await toolsFirmId(app, req), req.body) }),
  );

  app.get(
    PDF_PATH,
    { config: publicRateLimit, schema: { querystring: z.object({ q: z.string().max(8000) }) } },
    async (req, reply) => {
      const companyId = await toolsFirmId(app, req);
      const body = decodeSearch(req.query.q);
      const groups = await search(app.db, companyId, body);
      // Off the event loop, on the public share of the PDF workers (pdf-workers.ts): no sign-in is needed.
      const bytes = await app.pdfWorkers.build(
        {
          kind: 'firResult',
          data: {
            siteName: await siteNameOf(app.db, companyId),
            search: body.sectionData,
            groups: groups.map((g) => ({
              statute: g[0]?.statute.title ?? '',
              sections: g,
            })),
          },
        },
        { dataDir: app.config.dataDir, companyId },
        { isPublic: true },
      );
      return sendPdf(reply, `${FIR_PDF_TITLE}.pdf`, bytes, 'no-store');
    },
  );
}
