import { describe, expect, it } from 'vitest';
import { MSG_PHONE_NOT_MOBILE, MSG_PHONE_NOT_PK_INTL } from './phone-international.ts';
import {
  DEFAULT_TELL_CLIENT_TEMPLATES,
  renderTellClient,
  tellClientLinks,
  tellClientTemplate,
  tellClientTemplateError,
} from './tell-client.ts';

const values = {
  case: 'W.P. 1221/2025 Muhammad Aslam vs State',
  court: 'Lahore High Court',
  outcome: 'Adjourned',
  next_date: '2026-12-14',
};

describe('Tell client messages', () => {
  it('fills the English default with the case, court, outcome and next date as dd/mm/yyyy', () => {
    expect(renderTellClient(DEFAULT_TELL_CLIENT_TEMPLATES.en, values)).toBe(
      'Your case W.P. 1221/2025 Muhammad Aslam vs State at Lahore High Court: Adjourned. Next date of hearing: 14/12/2026.',
    );
  });

  it('fills the Urdu default the same way', () => {
    expect(renderTellClient(DEFAULT_TELL_CLIENT_TEMPLATES.ur, values)).toBe(
      'آپ کا مقدمہ W.P. 1221/2025 Muhammad Aslam vs State، Lahore High Court: Adjourned۔ آئندہ تاریخ سماعت: 14/12/2026۔',
    );
  });

  it('writes "-" for what the case lacks and keeps an unknown placeholder as typed', () => {
    expect(renderTellClient('{case} | {court} | {next_date} | {judge}', { case: 'C.R. 5/2024' })).toBe(
      'C.R. 5/2024 | - | - | {judge}',
    );
  });

  it("uses the firm's template for the client's language, else the default", () => {
    expect(tellClientTemplate('ur', { ur: 'مقدمہ {case}' })).toBe('مقدمہ {case}');
    expect(tellClientTemplate('ur', { ur: '  ' })).toBe(DEFAULT_TELL_CLIENT_TEMPLATES.ur);
    expect(tellClientTemplate(null, { ur: 'x' })).toBe(DEFAULT_TELL_CLIENT_TEMPLATES.en);
  });

  it('says what is wrong with a template an admin typed', () => {
    expect(tellClientTemplateError(DEFAULT_TELL_CLIENT_TEMPLATES.ur)).toBeNull();
    expect(tellClientTemplateError('Next date {nextdate}')).toBe(
      'Unknown placeholder {nextdate}: use {case}, {court}, {outcome}, {next_date}.',
    );
    expect(tellClientTemplateError(' ')).toBe('The message template may not be empty.');
    expect(tellClientTemplateError('x'.repeat(1001))).toBe(
      'The message template may not be greater than 1000 characters.',
    );
  });

  it('builds WhatsApp and SMS links with the number in international form and the message encoded', () => {
    const message = renderTellClient(DEFAULT_TELL_CLIENT_TEMPLATES.ur, values);
    const links = tellClientLinks('0321-4567890', message);
    if (!links.ok) throw new Error(links.message);
    const wa = new URL(links.whatsapp);
    expect(wa.origin + wa.pathname).toBe('https://wa.me/923214567890');
    expect(wa.searchParams.get('text')).toBe(message);
    expect(links.sms.startsWith('sms:+923214567890?body=')).toBe(true);
    expect(decodeURIComponent(links.sms.slice('sms:+923214567890?body='.length))).toBe(message);
    // Spaces and & are encoded, not left to end the message early.
    expect(tellClientLinks('+92 321 4567890', 'A & B').ok && links.whatsapp).not.toMatch(/ /);
    expect(tellClientLinks('+92 321 4567890', 'A & B')).toMatchObject({
      whatsapp: 'https://wa.me/923214567890?text=A%20%26%20B',
      sms: 'sms:+923214567890?body=A%20%26%20B',
    });
  });

  it('says why when the number is no mobile or no Pakistani number', () => {
    expect(tellClientLinks('042-37654321', 'x')).toEqual({ ok: false, message: MSG_PHONE_NOT_MOBILE });
    expect(tellClientLinks('', 'x')).toEqual({ ok: false, message: MSG_PHONE_NOT_PK_INTL });
  });
});
