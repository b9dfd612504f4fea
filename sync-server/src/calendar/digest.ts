import type { FastifyInstance } from 'fastify';
import { formatDate, todayInPakistan, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Config } from '../config.ts';
import { firmLinkOrigin } from '../auth/links.ts';
import { hearingTitle } from './ical.ts';
import { groupByPlace } from '@lawfirm/shared-types/court-day/today-list.ts';
import { caseNameOf, caseNumber } from '@lawfirm/shared-types/case-files/case-title.ts';
import { hearingsFor, subscriberActor, subscribers, type Hearing } from './hearings.repository.ts';

export const DIGEST_JOB = 'hearing-digest';
/** The digest of tomorrow's hearings goes out from this hour, Pakistan time (after the day's court work). */
export const DIGEST_HOUR = 18;
/** How often each server process looks whether today's digest is due. */
const CHECK_EVERY_MS = 10 * 60_000;

/** Who may have the digest: those who attend hearings (lawyers) and run the firm (admins). */
export const digestAllowed = (actor: TActor): boolean => actor.is_admin || actor.is_lawyer;

const PKT_OFFSET_MS = 5 * 3_600_000;
const dayAfter = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The mail's list (issue 34): a heading per court and room, its hearings by their serial in the court's cause
 * list, the order the app's Tomorrow list and the cause list PDF use, so the lawyer reads where to be next.
 */
export function digestLines(hearings: readonly Hearing[]): string[] {
  const placed = hearings.map((h) => ({
    h,
    id: h.id,
    kind: 'hearing' as const,
    court: h.court ?? '',
    courtRoom: h.court_room,
    serialNo: h.serial_no,
    caseNo: caseNumber(caseNameOf(h, h.case_type)),
    title: hearingTitle(h),
  }));
  const lines: string[] = [];
  let n = 0;
  for (const g of groupByPlace(placed)) {
    if (lines.length) lines.push('');
    lines.push(g.place);
    for (const p of g.hearings) {
      const serial = p.serialNo != null ? `Serial ${p.serialNo}: ` : '';
      lines.push(`${++n}. ${serial}${p.title}${p.h.type_title ? ` (${p.h.type_title})` : ''}`);
    }
  }
  return lines;
}

function digestText(date: string, hearings: Hearing[], origin: string): string {
  return [
    `Your hearings tomorrow, ${formatDate(date)}:`,
    '',
    ...digestLines(hearings),
    '',
    `The calendar: ${origin}/petitions-calendar`,
    'You receive this because the daily hearing digest is on in your calendar settings.',
  ].join('\n');
}

/**
 * Mails each lawyer and admin who has the digest on the hearings of tomorrow they may read (none: no mail),
 * once a day: the day is claimed in `daily_runs` in the same transaction that queues the mails, so with
 * several server processes on one database exactly one sends it, and a crash part-way sends none (the next
 * check does). Returns the number of mails queued, or null when the digest is not due or already sent.
 */
export async function sendHearingDigest(
  deps: { db: Db; mailer: Mailer; config: Config },
  now: Date = new Date(),
): Promise<number | null> {
  const hour = new Date(now.getTime() + PKT_OFFSET_MS).getUTCHours();
  if (hour < DIGEST_HOUR) return null;
  const today = todayInPakistan(now);
  const tomorrow = dayAfter(today);
  const queued = await deps.db.transaction().execute(async (trx) => {
    const claim = await trx
      .insertInto('daily_runs')
      .values({ job: DIGEST_JOB, day: today, ran_at: nowIso() })
      .onConflict((oc) => oc.columns(['job', 'day']).doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    const users = await subscribers(trx).where('s.digest', '=', 1).orderBy('u.id').execute();
    let n = 0;
    for (const u of users) {
      const actor = subscriberActor(u);
      if (!actor || !digestAllowed(actor)) continue;
      const hearings = await hearingsFor(trx, actor, { from: tomorrow, to: tomorrow });
      if (!hearings.length) continue;
      const origin = await firmLinkOrigin(trx, deps.config, null, actor.company_id);
      await deps.mailer.enqueue(
        {
          companyId: actor.company_id,
          to: u.email,
          subject: `Hearings tomorrow, ${formatDate(tomorrow)}: ${hearings.length}`,
          text: digestText(tomorrow, hearings, origin),
        },
        trx,
      );
      n++;
    }
    return n;
  });
  if (queued) deps.mailer.wake();
  return queued;
}

/** Looks every few minutes whether today's digest is due, in every server process (one of them sends it). */
export function scheduleHearingDigest(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  const check = () => void sendHearingDigest(app).catch((e: unknown) => app.log.error(e, 'hearing digest'));
  app.addHook('onReady', (done) => {
    timer = setInterval(check, CHECK_EVERY_MS);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    if (timer) clearInterval(timer);
    done();
  });
}
