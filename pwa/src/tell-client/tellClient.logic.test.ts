import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { MSG_NO_CLIENT_NUMBER } from '@lawfirm/shared-types/court-day/recipient.ts';
import { tellClientOffer, type TTellClientInput } from './tellClient.logic.ts';

const base: TTellClientInput = {
  petition: { case_no: '1221', year: 2025, title: 'Muhammad Aslam vs State' },
  abbr: 'W.P.',
  court: 'Lahore High Court',
  parties: [
    { name: 'Muhammad Aslam', user_id: 'u1', display_order: 1 },
    { name: 'State', display_order: 2 },
  ],
  people: [
    { id: 'u1', name: 'Muhammad Aslam', phone: '0321-4567890', role_id: ROLE_IDS.CLIENT, language: 'en' },
  ],
  templates: {},
  outcome: 'Adjourned',
  nextDate: '2026-12-12',
};

const decoded = (url: string, key: string) => new URL(url).searchParams.get(key);

describe('tellClientOffer', () => {
  it('builds WhatsApp and SMS links with the international number and the English message', () => {
    const o = tellClientOffer(base);
    if (!o.ok) throw new Error(o.message);
    const text =
      'Your case W.P. 1221/2025 Muhammad Aslam vs State at Lahore High Court: Adjourned. Next date of hearing: 12/12/2026.';
    expect(o.whatsapp.startsWith('https://wa.me/923214567890?text=')).toBe(true);
    expect(decoded(o.whatsapp, 'text')).toBe(text);
    expect(o.sms.startsWith('sms:+923214567890?body=')).toBe(true);
    expect(decodeURIComponent(o.sms.split('?body=')[1]!)).toBe(text);
  });

  it('writes in Urdu for a client whose language is Urdu, with the firm’s own template', () => {
    const o = tellClientOffer({
      ...base,
      people: [{ ...base.people[0]!, phone: '+92 321 4567890', language: 'ur' }],
      templates: { ur: 'مقدمہ {case} کی آئندہ تاریخ {next_date}' },
    });
    if (!o.ok) throw new Error(o.message);
    expect(o.language).toBe('ur');
    expect(decoded(o.whatsapp, 'text')).toBe(
      'مقدمہ W.P. 1221/2025 Muhammad Aslam vs State کی آئندہ تاریخ 12/12/2026',
    );
  });

  it('without a number says so and names the record to add one to', () => {
    const o = tellClientOffer({ ...base, people: [{ ...base.people[0]!, phone: null }] });
    expect(o).toEqual({ ok: false, message: MSG_NO_CLIENT_NUMBER, userId: 'u1' });
  });
});
