import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayInPakistan, type TActor } from '@lawfirm/shared-types';
import { causeListFileName, type TCauseListRow } from '@lawfirm/shared-types/pdf/builders/cause-list.ts';
import { orderedByPlace } from '@lawfirm/shared-types/court-day/today-list.ts';
import { caseNameOf, caseNumber, caseTitle } from '@lawfirm/shared-types/case-files/case-title.ts';
import type { Db } from '../db/connect.ts';
import { sendPdf } from '../http/content-disposition.ts';
import { siteNameOf } from '../case-documents/case-pdf.repository.ts';
import { hearingsFor } from './hearings.repository.ts';

const dayAfter = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A day's cause list rows, as the device makes them (pwa/src/calendar/calendar.logic.ts causeListRows): the
 * hearings the actor may read by court and serial, each with the stage its case stands at (this order sheet's type, else
 * the case's last earlier order sheet with a type).
 */
export async function causeListOf(db: Db, actor: TActor, date: string): Promise<TCauseListRow[]> {
  const hearings = await hearingsFor(db, actor, { from: date, to: date });
  const ids = [...new Set(hearings.map((h) => h.petition_id))];
  const earlier = ids.length
    ? await db
        .selectFrom('order_sheets as os')
        .innerJoin('module_types as mt', 'mt.id', 'os.order_sheet_type_id')
        .select(['os.petition_id', 'os.order_sheet_date', 'mt.title'])
        .where('os.company_id', '=', actor.company_id)
        .where('os.deleted_at', 'is', null)
        .where('os.petition_id', 'in', ids)
        .where('os.order_sheet_date', '<', date)
        .orderBy('os.order_sheet_date')
        .execute()
    : [];
  const last = new Map<string, string>();
  for (const s of earlier) last.set(s.petition_id, s.title);
  const rows = hearings.map((h) => {
    const name = caseNameOf(h, h.case_type);
    return {
      id: h.id,
      kind: 'hearing' as const,
      court: h.court ?? '',
      courtRoom: h.court_room,
      serialNo: h.serial_no,
      caseNo: caseNumber(name),
      title: caseTitle(name),
      row: {
        caseNo: caseNumber(name),
        title: h.title,
        court: h.court || null,
        pendingTag: h.pending_tag,
        lastOrder: h.type_title ?? last.get(h.petition_id) ?? null,
        courtRoom: h.court_room,
        serialNo: h.serial_no,
      },
    };
  });
  // The device's order exactly (by court and room, then serial: issue 34), so both make the same file.
  return orderedByPlace(rows).map((r) => r.row);
}

/** GET /api/calendar/cause_list_pdf?day=today|tomorrow: the PDF the device makes offline, made on the server. */
export async function causeListRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/calendar/cause_list_pdf',
    {
      config: { auth: 'hearingDate.edit' },
      schema: { querystring: z.object({ day: z.enum(['today', 'tomorrow']).default('tomorrow') }) },
    },
    async (req, reply) => {
      const { actor } = await req.authorize('hearingDate.edit');
      const today = todayInPakistan();
      const date = req.query.day === 'today' ? today : dayAfter(today);
      const bytes = await app.pdfWorkers.build(
        {
          kind: 'causeList',
          data: {
            siteName: await siteNameOf(app.db, actor.company_id),
            heading: req.query.day === 'today' ? 'Today' : 'Tomorrow',
            date,
            rows: await causeListOf(app.db, actor, date),
          },
        },
        { dataDir: app.config.dataDir, companyId: actor.company_id },
      );
      return sendPdf(reply, causeListFileName(date), bytes);
    },
  );
}
