import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  formatDate,
  ZAddHearingInput,
  ZMessageResponse,
  ZNextHearingInput,
  ZRemoveHearingInput,
} from '@lawfirm/shared-types';
import { findReadable } from './access.ts';
import { MSG_HEARING_ADDED, MSG_HEARING_REMOVED } from './case-files.schema.ts';
import { ZNextHearingResponse } from './case-files.types.ts';
import { addHearingDate, removeHearingDate } from './hearing.mutators.ts';
import { nextHearingSheet } from './hearing.repository.ts';

/**
 * Hearing dates (rest-contract 44–46): they are order sheets, whose own calls (38–42, including the uploader's
 * auto-create) are the dated document module's (case-documents/dated.routes.ts).
 */
export async function hearingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/get_next_hearing_ordersheet',
    {
      config: { auth: 'petitions.read' },
      schema: { body: ZNextHearingInput, response: { 200: ZNextHearingResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      const { petition_id } = req.body;
      await findReadable(app.db, actor, 'petitions', petition_id);
      const next = await nextHearingSheet(app.db, actor.company_id, petition_id);
      return {
        nextHearingOrderSheet: next
          ? { id: next.id, order_sheet_date: formatDate(next.order_sheet_date) }
          : null,
      };
    },
  );

  app.post(
    '/api/add_hearing_date',
    {
      config: { auth: 'hearingDate.edit' },
      schema: { body: ZAddHearingInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await addHearingDate(app.db, actor, req.body);
      return { message: MSG_HEARING_ADDED };
    },
  );

  app.post(
    '/api/remove_hearing_date',
    {
      config: { auth: 'hearingDate.edit' },
      schema: { body: ZRemoveHearingInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await removeHearingDate(app.db, actor, req.body);
      return { message: MSG_HEARING_REMOVED };
    },
  );
}
