import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, todayInPakistan, ZMessageResponse } from '@lawfirm/shared-types';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import { firmLinkOrigin, siteNameOf } from '../auth/links.ts';
import { findReadable } from '../case-files/access.ts';
import { hearingsCalendar } from './ical.ts';
import {
  calendarChoices,
  feedOwner,
  hearingsFor,
  meetingsFor,
  newFeedToken,
  setDigest,
  stopFeed,
} from './hearings.repository.ts';
import { digestAllowed, scheduleHearingDigest } from './digest.ts';
import { causeListRoutes } from './cause-list.ts';
import {
  deleteHearingEvent,
  hearingEvents,
  saveHearingEvent,
  serverTime,
  ZHearingEvent,
  ZHearingEventInput,
} from './hearing-events.ts';

/** How far back a subscribed calendar keeps hearings (days): the recent past stays visible. */
export const FEED_PAST_DAYS = 180;

const ZChoices = z.object({
  feed: z.boolean(),
  feed_created_at: z.string().nullable(),
  digest: z.boolean(),
  digest_allowed: z.boolean(),
});
const ZFeedUrl = z.object({ url: z.string(), message: z.string() });

const daysBefore = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

function sendCalendar(reply: FastifyReply, body: string, fileName?: string) {
  void reply
    .header('content-type', 'text/calendar; charset=utf-8')
    // A calendar app asks again every so often; a rotated or stopped feed must stop at once.
    .header('cache-control', 'no-cache, private');
  if (fileName) void reply.header('content-disposition', `attachment; filename="${fileName}"`);
  return reply.send(body);
}

/**
 * The hearing calendar's feeds (issue 13): each user's private subscription URL of the hearings they may read
 * (Google Calendar, Outlook and Apple Calendar poll it), turned on, rotated and stopped by its owner; the daily
 * digest choice; and one hearing as an .ics file.
 */
export async function calendarRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  scheduleHearingDigest(fastify);
  await causeListRoutes(fastify);

  app.get(
    '/api/calendar/subscription',
    { config: { auth: true }, schema: { response: { 200: ZChoices } } },
    async (req) => {
      const { actor } = await req.auth();
      return { ...(await calendarChoices(app.db, actor.id)), digest_allowed: digestAllowed(actor) };
    },
  );

  // Turning the feed on and rotating it are the same call: a new token, the old one refused from now on.
  app.post(
    '/api/calendar/feed',
    { config: { auth: true }, schema: { response: { 200: ZFeedUrl } } },
    async (req) => {
      const { actor } = await req.auth();
      const token = await newFeedToken(app.db, actor);
      const origin = await firmLinkOrigin(app.db, app.config, req, actor.company_id);
      return {
        url: `${origin}/calendar/${token}.ics`,
        message: 'Your calendar link is ready. Anyone with this link can see your hearings: keep it private.',
      };
    },
  );

  app.delete(
    '/api/calendar/feed',
    { config: { auth: true }, schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (req) => {
      const { actor } = await req.auth();
      await stopFeed(app.db, actor);
      return { message: 'The calendar link no longer works.' };
    },
  );

  app.put(
    '/api/calendar/digest',
    {
      config: { auth: true },
      schema: { body: z.object({ digest: z.boolean() }), response: { 200: ZChoices } },
    },
    async (req) => {
      const { actor } = await req.auth();
      if (!digestAllowed(actor)) throw forbidden();
      await setDigest(app.db, actor, req.body.digest);
      return { ...(await calendarChoices(app.db, actor.id)), digest_allowed: true };
    },
  );

  // Public: the token is the key. Polled by calendar apps, so limited per address like the other public calls.
  app.get(
    '/calendar/:file',
    {
      config: {
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          errorResponseBuilder: () => new HttpError(429, MSG.tooManyRequests),
        },
      },
      schema: { params: z.object({ file: z.string().max(200) }) },
    },
    async (req, reply) => {
      const token = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(req.params.file)?.[1];
      const actor = token ? await feedOwner(app.db, token) : undefined;
      if (!actor) throw notFound('This calendar link does not work any more.');
      const range = { from: daysBefore(todayInPakistan(), FEED_PAST_DAYS), cancelled: true };
      const hearings = await hearingsFor(app.db, actor, range);
      const meetings = await meetingsFor(app.db, actor, range);
      const origin = await firmLinkOrigin(app.db, app.config, req, actor.company_id);
      const site = await siteNameOf(app.db, actor.company_id, 'eLawFirm');
      return sendCalendar(
        reply,
        hearingsCalendar(`${site}: hearings`, hearings, origin, new URL(origin).hostname, meetings),
      );
    },
  );

  // rest-contract 47-49: the calendar's events (hearings and meetings), and its modal's save and delete.
  app.get(
    '/api/petition_hearing',
    {
      config: { auth: 'petitions.read' },
      schema: {
        response: { 200: z.object({ events: z.array(ZHearingEvent), server_time: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      return { events: await hearingEvents(app.db, actor), server_time: serverTime() };
    },
  );

  app.post(
    '/api/petition_hearing',
    {
      config: { auth: 'hearingDate.edit' },
      schema: {
        body: ZHearingEventInput,
        response: { 200: z.object({ message: z.string(), id: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const saved = await saveHearingEvent(app.db, actor, req.body);
      return { message: saved.created ? MSG.savedOk : MSG.updatedOk, id: saved.id };
    },
  );

  app.delete(
    '/api/petition_hearing/:id',
    {
      config: { auth: 'hearingDate.edit' },
      schema: { params: z.object({ id: z.string().max(200) }), response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await deleteHearingEvent(app.db, actor, req.params.id);
      return { message: MSG.deletedOk };
    },
  );

  // One hearing as a file to open in the phone's calendar app.
  app.get(
    '/api/petition_hearing/:id/ics',
    { config: { auth: true }, schema: { params: z.object({ id: z.string().max(200) }) } },
    async (req, reply) => {
      const { actor } = await req.auth();
      const sheet = await findReadable(app.db, actor, 'order_sheets', req.params.id);
      const [hearing] = await hearingsFor(app.db, actor, {
        from: sheet.order_sheet_date,
        to: sheet.order_sheet_date,
      }).then((hs) => hs.filter((h) => h.id === sheet.id));
      if (!hearing) throw notFound();
      const origin = await firmLinkOrigin(app.db, app.config, req, actor.company_id);
      const site = await siteNameOf(app.db, actor.company_id, 'eLawFirm');
      return sendCalendar(
        reply,
        hearingsCalendar(`${site}: hearing`, [hearing], origin, new URL(origin).hostname),
        `hearing-${hearing.date}.ics`,
      );
    },
  );
}
