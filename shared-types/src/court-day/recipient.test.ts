import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../auth/roles.ts';
import { MSG_NO_CLIENT_NUMBER, MSG_NO_LINKED_CLIENT, tellClientRecipient } from './recipient.ts';

const people = [
  { id: 'l', name: 'Lawyer Sahib', phone: '0300-1111111', role_id: ROLE_IDS.LAWYER },
  { id: 'c', name: 'Muhammad Aslam', phone: '+92 321 4567890', role_id: ROLE_IDS.CLIENT, language: 'ur' },
  { id: 'n', name: 'Razia Bibi', phone: null, role_id: ROLE_IDS.CLIENT },
  { id: 'x', name: 'Landline Client', phone: '042-37654321', role_id: ROLE_IDS.CLIENT },
];

describe('Tell client: whom to write to', () => {
  it("takes the case's client with a mobile, in their language, before other linked people", () => {
    expect(
      tellClientRecipient(
        [
          { name: 'Lawyer Sahib', user_id: 'l', display_order: 0 },
          { name: 'Mohd. Aslam', user_id: 'c', display_order: 1 },
        ],
        people,
      ),
    ).toEqual({
      ok: true,
      userId: 'c',
      name: 'Muhammad Aslam',
      phone: { digits: '923214567890', e164: '+923214567890', mobile: true },
      language: 'ur',
    });
  });

  it('passes a client without a mobile for the next one, English by default', () => {
    const r = tellClientRecipient(
      [
        { name: 'Landline Client', user_id: 'x' },
        { name: 'Razia', user_id: 'n' },
        { name: 'Lawyer Sahib', user_id: 'l' },
      ],
      people,
    );
    expect(r).toMatchObject({ ok: true, userId: 'l', language: 'en' });
  });

  it('says why when there is no number or no linked client', () => {
    expect(tellClientRecipient([{ name: 'Razia', user_id: 'n' }], people)).toEqual({
      ok: false,
      message: MSG_NO_CLIENT_NUMBER,
      userId: 'n',
    });
    expect(tellClientRecipient([{ name: 'Someone typed' }], people)).toEqual({
      ok: false,
      message: MSG_NO_LINKED_CLIENT,
    });
  });
});
