import ical, { ICalEventStatus } from 'ical-generator';
import type { Hearing, Meeting } from './hearings.repository.ts';

/** The product's id in every calendar it makes (PRODID). */
const PRODID = { company: 'elawfirm', product: 'hearings', language: 'EN' };

/** A case file as a hearing names it: "123/2026 Ali v. State". */
export const caseTitle = (h: Pick<Hearing, 'case_no' | 'year' | 'title'>): string =>
  `${h.year ? `${h.case_no}/${h.year}` : h.case_no} ${h.title}`;

/**
 * Hearings as an RFC 5545 calendar: one all-day event a hearing (DTSTART;VALUE=DATE: a hearing has a day, not
 * an hour), its UID the order sheet's id (stable, so a calendar app updates the event rather than adding
 * another), SEQUENCE the server's change number (it grows with each change), DTSTAMP the last change, and a
 * deleted hearing sent as STATUS:CANCELLED so subscribed calendars drop it. Meetings (no case file) are events
 * of the same kind, their UID the meeting's id.
 */
export function hearingsCalendar(
  name: string,
  hearings: Hearing[],
  origin: string,
  host: string,
  meetings: readonly Meeting[] = [],
): string {
  const cal = ical({ name, prodId: PRODID, ttl: 60 * 60 });
  for (const h of hearings) {
    const day = new Date(`${h.date}T00:00:00Z`);
    cal.createEvent({
      id: `${h.id}@${host}`,
      start: day,
      allDay: true,
      summary: caseTitle(h),
      description: [h.court, h.type_title, h.pending_tag ? `Pending tag: ${h.pending_tag}` : null]
        .filter(Boolean)
        .join('\n'),
      location: h.court ?? undefined,
      url: `${origin}/petitions/${h.petition_id}`,
      sequence: h.sequence,
      stamp: new Date(h.changed_at),
      status: h.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  for (const m of meetings)
    cal.createEvent({
      id: `${m.id}@${host}`,
      start: new Date(`${m.date}T00:00:00Z`),
      allDay: true,
      summary: m.title,
      description: m.summary ?? '',
      url: `${origin}/petitions-calendar`,
      sequence: m.sequence,
      stamp: new Date(m.changed_at),
      status: m.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  return cal.toString();
}
