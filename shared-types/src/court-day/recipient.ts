// Whom "Tell client" writes to (issue 34): the case's client, else another party linked to a person with a
// mobile number; the message goes in that person's language. Without a number the button says so and points
// to the record where one can be added. No zod: the case page loads it.
import { ROLE_IDS } from '../auth/roles.ts';
import { toInternationalPhone, type TIntlPhone } from './phone-international.ts';
import type { TClientLanguage } from './tell-client.ts';

export const MSG_NO_CLIENT_NUMBER =
  'No mobile number for the client of this case: add one to the client’s record to tell them.';
export const MSG_NO_LINKED_CLIENT =
  'No party of this case is linked to a client of the firm: link one (pick the name from the list) to tell them.';

type TParty = { name: string; user_id?: string | null; display_order?: number | null };
type TPerson = {
  id: string;
  name?: string | null;
  phone?: string | null;
  role_id?: string | null;
  language?: string | null;
};

export type TRecipient =
  | { ok: true; userId: string; name: string; phone: TIntlPhone; language: TClientLanguage }
  | { ok: false; message: string; /** The record to add a number to, when there is one. */ userId?: string };

/**
 * The person to tell: among the case's parties linked to people of the firm, clients before others, in the
 * parties' order; the first with a mobile number. Without one: why, and the first client's record to fix.
 */
export function tellClientRecipient(parties: readonly TParty[], people: readonly TPerson[]): TRecipient {
  const byId = new Map(people.map((p) => [p.id, p]));
  const linked = [...parties]
    .sort((a, b) => (a.display_order ?? 0) - (b.display_order ?? 0))
    .flatMap((p) => {
      const person = p.user_id ? byId.get(p.user_id) : undefined;
      return person ? [{ party: p, person }] : [];
    })
    .sort(
      (a, b) => Number(b.person.role_id === ROLE_IDS.CLIENT) - Number(a.person.role_id === ROLE_IDS.CLIENT),
    );
  if (!linked.length) return { ok: false, message: MSG_NO_LINKED_CLIENT };
  for (const { party, person } of linked) {
    const r = toInternationalPhone(person.phone);
    if (r.ok && r.phone.mobile)
      return {
        ok: true,
        userId: person.id,
        name: person.name?.trim() || party.name,
        phone: r.phone,
        language: person.language === 'ur' ? 'ur' : 'en',
      };
  }
  return { ok: false, message: MSG_NO_CLIENT_NUMBER, userId: linked[0]!.person.id };
}
