import { createHash, randomBytes } from 'node:crypto';
import { calendarMeetingsDecl, type TActor } from '@lawfirm/shared-types';
import { caseTypeOf } from '@lawfirm/shared-types/case-files/case-title.ts';
import type { Db } from '../db/connect.ts';
import { nowIso, toBool } from '../db/ids.ts';
import { readablePetitions } from '../case-files/access.ts';
import { actorOf } from '../auth/users.repository.ts';

/** A hearing as calendars show it: an order sheet's date with its case file. */
export type Hearing = {
  id: string;
  date: string;
  petition_id: string;
  case_no: string;
  year: number | null;
  title: string;
  court: string | null;
  court_id: string | null;
  pending_tag: string | null;
  type_title: string | null;
  /** The case category's short form ('W.P.': its abbreviation, else its title), as case titles show it. */
  case_type: string | null;
  /** The order sheet's description: the calendar's hearing summary. */
  summary: string | null;
  /** Where in the court the hearing is, and its serial in the day's cause list (issue 34; both optional). */
  court_room: string | null;
  serial_no: number | null;
  /** The order sheet or its case file was deleted: calendars show the event as cancelled. */
  cancelled: boolean;
  /** Grows with every change of the order sheet or its case file (the server's change sequence). */
  sequence: number;
  /** When the order sheet or its case file last changed. */
  changed_at: string;
};

/**
 * The hearings of the actor's firm dated `from` to `to` (ISO days, inclusive; `to` open when absent) in the
 * case files the actor may read, by date and then court; with `cancelled` those deleted since, so a
 * subscribed calendar removes them.
 */
export async function hearingsFor(
  db: Db,
  actor: TActor,
  range: { from: string; to?: string; cancelled?: boolean },
): Promise<Hearing[]> {
  const access = await readablePetitions(db, actor);
  if (access !== 'all' && !access.size) return [];
  let q = db
    .selectFrom('order_sheets as os')
    .innerJoin('petitions as p', (j) =>
      j.onRef('p.id', '=', 'os.petition_id').onRef('p.company_id', '=', 'os.company_id'),
    )
    .leftJoin('courts as c', 'c.id', 'p.court_id')
    .leftJoin('module_types as mt', 'mt.id', 'os.order_sheet_type_id')
    .leftJoin('case_categories as cc', (j) =>
      j.onRef('cc.id', '=', 'p.petition_type_id').onRef('cc.company_id', '=', 'p.company_id'),
    )
    .select([
      'os.id as id',
      'os.order_sheet_date as date',
      'os.petition_id as petition_id',
      'p.case_no as case_no',
      'p.year as year',
      'p.title as title',
      'p.court_id as court_id',
      'c.title as court',
      'p.pending_tag as pending_tag',
      'mt.title as type_title',
      'os.description as summary',
      'os.court_room as court_room',
      'os.serial_no as serial_no',
      'cc.abbreviation as abbreviation',
      'cc.title as category_title',
      'os.deleted_at as os_deleted',
      'p.deleted_at as p_deleted',
      'os.version as os_version',
      'p.version as p_version',
      'os.updated_at as os_updated',
      'p.updated_at as p_updated',
    ])
    .where('os.company_id', '=', actor.company_id)
    .where('os.order_sheet_date', '>=', range.from);
  if (range.to) q = q.where('os.order_sheet_date', '<=', range.to);
  if (!range.cancelled) q = q.where('os.deleted_at', 'is', null).where('p.deleted_at', 'is', null);
  if (access !== 'all') q = q.where('p.id', 'in', [...access]);
  const rows = await q
    .orderBy('os.order_sheet_date')
    .orderBy('c.title')
    .orderBy('p.case_no')
    .orderBy('os.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    petition_id: r.petition_id,
    case_no: r.case_no,
    year: r.year,
    title: r.title,
    court: r.court ?? null,
    court_id: r.court_id,
    pending_tag: r.pending_tag,
    type_title: r.type_title ?? null,
    summary: r.summary ?? null,
    court_room: r.court_room ?? null,
    serial_no: r.serial_no === null || r.serial_no === undefined ? null : Number(r.serial_no),
    case_type: caseTypeOf({ abbreviation: r.abbreviation, title: r.category_title }),
    cancelled: r.os_deleted !== null || r.p_deleted !== null,
    sequence: Math.max(Number(r.os_version), Number(r.p_version)),
    changed_at: r.os_updated > r.p_updated ? r.os_updated : r.p_updated,
  }));
}

/** A meeting on the calendar (no case file: shared-types calendar/meetings.entity.ts). */
export type Meeting = {
  id: string;
  date: string;
  title: string;
  summary: string | null;
  created_by: string;
  cancelled: boolean;
  sequence: number;
  changed_at: string;
};

/**
 * The firm's meetings dated `from` to `to` (inclusive; `to` open when absent) when the actor may read them,
 * by date then title; with `cancelled` those deleted since, so a subscribed calendar removes them.
 */
export async function meetingsFor(
  db: Db,
  actor: TActor,
  range: { from: string; to?: string; cancelled?: boolean },
): Promise<Meeting[]> {
  if (calendarMeetingsDecl.policy.readScope(actor) !== 'all') return [];
  let q = db
    .selectFrom('calendar_meetings')
    .select(['id', 'meeting_date', 'title', 'summary', 'created_by', 'deleted_at', 'version', 'updated_at'])
    .where('company_id', '=', actor.company_id)
    .where('meeting_date', '>=', range.from);
  if (range.to) q = q.where('meeting_date', '<=', range.to);
  if (!range.cancelled) q = q.where('deleted_at', 'is', null);
  const rows = await q.orderBy('meeting_date').orderBy('title').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    date: r.meeting_date ?? '',
    title: r.title ?? '',
    summary: r.summary,
    created_by: r.created_by ?? '',
    cancelled: r.deleted_at !== null,
    sequence: Number(r.version),
    changed_at: r.updated_at,
  }));
}

export const hashFeedToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export type CalendarChoices = { feed: boolean; feed_created_at: string | null; digest: boolean };

export async function calendarChoices(db: Db, userId: string): Promise<CalendarChoices> {
  const row = await db
    .selectFrom('calendar_subscriptions')
    .select(['feed_token_hash', 'feed_created_at', 'digest'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    feed: !!row?.feed_token_hash,
    feed_created_at: row?.feed_token_hash ? row.feed_created_at : null,
    digest: toBool(row?.digest),
  };
}

async function saveChoices(
  db: Db,
  actor: TActor,
  set: { feed_token_hash?: string | null; feed_created_at?: string | null; digest?: number },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('calendar_subscriptions')
    .values({ user_id: actor.id, company_id: actor.company_id, digest: 0, updated_at: now, ...set })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at: now }))
    .execute();
}

/** Makes the user's feed token anew (turning the feed on, or rotating it: the old URL stops at once). */
export async function newFeedToken(db: Db, actor: TActor): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await saveChoices(db, actor, { feed_token_hash: hashFeedToken(token), feed_created_at: nowIso() });
  return token;
}

export const stopFeed = (db: Db, actor: TActor) =>
  saveChoices(db, actor, { feed_token_hash: null, feed_created_at: null });

export const setDigest = (db: Db, actor: TActor, on: boolean) =>
  saveChoices(db, actor, { digest: on ? 1 : 0 });

/** Calendar choices with their users' live rows: the users as actors are built from them (subscriberActor). */
export const subscribers = (db: Db) =>
  db
    .selectFrom('calendar_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('companies as co', 'co.id', 'u.company_id')
    .select([
      'u.id',
      'u.company_id',
      'u.role_id',
      'u.is_moot_student',
      'u.email',
      'u.is_approved',
      'u.blocked_at',
    ])
    .select('co.is_provider')
    .where('u.deleted_at', 'is', null);

type TSubscriber = Awaited<ReturnType<ReturnType<typeof subscribers>['executeTakeFirstOrThrow']>>;

/**
 * A subscriber as an actor while they may still sign in (approved, not blocked; read anew on every request, so
 * blocking or deleting a user stops their feed and their mail at once), else undefined.
 */
export const subscriberActor = (row: TSubscriber | undefined): TActor | undefined =>
  row && toBool(row.is_approved) && !row.blocked_at ? actorOf(row, toBool(row.is_provider)) : undefined;

/** The user a feed token belongs to, as an actor, when the token is current and the user may sign in. */
export const feedOwner = async (db: Db, token: string): Promise<TActor | undefined> =>
  subscriberActor(
    await subscribers(db).where('s.feed_token_hash', '=', hashFeedToken(token)).executeTakeFirst(),
  );
