import ical, { ICalEventStatus } from 'ical-generator';
import { caseNameOf, caseTitle } from '@lawfirm/shared-types/case-files/case-title.ts';
import type { Hearing, Meeting } from './hearings.repository.ts';

/** The product's id in every calendar it makes (PRODID). */
const PRODID = { company: 'elawfirm', product: 'hearings', language: 'EN' };

/** A hearing's case as every calendar names it: "W.P. 123/2026 Ali v. State" (the shared rule). */
export const hearingTitle = (h: Pick<Hearing, 'case_no' | 'year' | 'title' | 'case_type'>): string =>
  caseTitle(caseNameOf(h, h.case_type));

/** "Court room: 5, Serial no. 12": where the lawyer must be (issue 34); null when neither is known. */
export const hearingPlace = (h: Pick<Hearing, 'court_room' | 'serial_no'>): string | null =>
  [
    h.court_room ? `Court room: ${h.court_room}` : null,
    h.serial_no != null ? `Serial no. ${h.serial_no}` : null,
  ]
    .filter(Boolean)
    .join(', ') || null;

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
  // The calendar's own lines, folded by the library (it has no events yet).
  const frame = cal.toString();
  for (const h of hearings) {
    const day = new Date(`${h.date}T00:00:00Z`);
    cal.createEvent({
      id: `${h.id}@${host}`,
      start: day,
      allDay: true,
      summary: hearingTitle(h),
      description: [
        h.court,
        hearingPlace(h),
        h.type_title,
        h.pending_tag ? `Pending tag: ${h.pending_tag}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      location: [h.court, h.court_room].filter(Boolean).join(', ') || undefined,
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
  // The events as the library writes them, folded here: the library folds the whole text with a TextEncoder made
  // for every character, which took seconds for a firm's year of hearings (a calendar app polls this URL).
  const events = cal
    .events()
    .map((e) => foldLines(e.toString()))
    .join('');
  return frame.replace(/END:VCALENDAR$/, `${events}END:VCALENDAR`);
}

/** UTF-8 length of one character (a surrogate pair is one four-byte character). */
const utf8Length = (ch: string): number => {
  const c = ch.codePointAt(0)!;
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
};

/**
 * RFC 5545 §3.1 line folding exactly as ical-generator 8 does it (a line longer than 74 octets continues on the
 * next after CRLF and a space, never inside a character), but only working through the rare long lines.
 */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      if (Buffer.byteLength(line) <= 74) return line;
      let out = '';
      let n = 0;
      for (const ch of line) {
        const k = utf8Length(ch);
        n += k;
        if (n > 74) {
          out += '\r\n ';
          n = k;
        }
        out += ch;
      }
      return out;
    })
    .join('\r\n');
}
