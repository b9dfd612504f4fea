import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@lawfirm/shared-types';
import { meetingRoomUrl } from '@lawfirm/shared-types/limitation/meeting.ts';
import { forFirm } from '../sync/firm.ts';

/** A meeting id as people read it out: ten letters and digits in three groups. */
const readable = (bytes: Buffer) => {
  const s = bytes
    .toString('base64url')
    .replace(/[^a-zA-Z0-9]/g, '')
    .toLowerCase()
    .slice(0, 10)
    .padEnd(10, '0');
  return `${s.slice(0, 3)}-${s.slice(3, 7)}-${s.slice(7)}`;
};

const ZMeeting = z.object({
  id: z.string(),
  meeting_id_public: z.string(),
  host_meeting_iframe: z.string().nullable(),
});

/**
 * The online meeting (part 3 §2.14, rest-contract 112–113). Each user has a meeting id of their own, the
 * same every time (derived from the server's secret, so nobody can guess another's room); New Meeting answers
 * a fresh random one, which the device keeps. The room comes from the provider the firm's admin configured.
 */
export async function meetingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const roomOf = async (companyId: string) => {
    const s = await forFirm(app.db, companyId)
      .live('settings')
      .select(['host_whereby_iframe', 'public_whereby_iframe'])
      .executeTakeFirst();
    return s?.host_whereby_iframe || s?.public_whereby_iframe || null;
  };
  const answer = async (companyId: string, userId: string, meetingId: string) => ({
    meeting: {
      id: userId,
      meeting_id_public: meetingId,
      host_meeting_iframe: meetingRoomUrl(await roomOf(companyId), meetingId),
    },
  });

  app.post(
    '/api/get_user_meeting',
    { config: { auth: true }, schema: { response: { 200: z.object({ meeting: ZMeeting }) } } },
    async (req) => {
      const { actor } = await req.auth();
      const mac = createHmac('sha256', app.config.jwtSecret).update(`meeting:${actor.id}`).digest();
      return answer(actor.company_id, actor.id, readable(mac));
    },
  );

  app.post(
    '/api/create_new_meeting',
    {
      config: { auth: true },
      schema: { response: { 200: z.object({ meeting: ZMeeting, message: z.string() }) } },
    },
    async (req) => {
      const { actor } = await req.auth();
      return {
        ...(await answer(actor.company_id, actor.id, readable(randomBytes(16)))),
        message: MSG.savedOk,
      };
    },
  );
}
