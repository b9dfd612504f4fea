// What the "Tell client" button offers (issue 34): the person to tell, the message in their language from the
// firm's template, and the WhatsApp and SMS links with the number in international form. Plain data, so the
// case page and the record-hearing form show the same thing and a unit test can read it.
import { caseNameOf, caseTitle } from '@lawfirm/shared-types/case-files/case-title.ts';
import { tellClientRecipient } from '@lawfirm/shared-types/court-day/recipient.ts';
import {
  renderTellClient,
  tellClientLinks,
  tellClientTemplate,
  type TClientLanguage,
} from '@lawfirm/shared-types/court-day/tell-client.ts';

export type TTellClientInput = {
  petition: { case_no: string; year?: number | string | null; title?: string | null };
  /** The case category's short form ("W.P."), or null. */
  abbr: string | null;
  court: string;
  parties: readonly { name: string; user_id?: string | null; display_order?: number | null }[];
  people: readonly {
    id: string;
    name?: string | null;
    phone?: string | null;
    role_id?: string | null;
    language?: string | null;
  }[];
  /** The firm's two templates (Settings), either may be empty. */
  templates: { en?: string | null; ur?: string | null };
  outcome?: string | null;
  /** YYYY-MM-DD. */
  nextDate?: string | null;
};

export type TTellClientOffer =
  | {
      ok: true;
      /** The person told (their user record). */
      userId: string;
      name: string;
      language: TClientLanguage;
      message: string;
      whatsapp: string;
      sms: string;
    }
  | { ok: false; message: string; /** The user record to add a number to. */ userId?: string };

export function tellClientOffer(input: TTellClientInput): TTellClientOffer {
  const to = tellClientRecipient(input.parties, input.people);
  if (!to.ok) return to;
  const message = renderTellClient(tellClientTemplate(to.language, input.templates), {
    case: caseTitle(caseNameOf(input.petition, input.abbr)),
    court: input.court,
    outcome: input.outcome,
    next_date: input.nextDate,
  });
  const links = tellClientLinks(to.phone.e164, message);
  if (!links.ok) return { ok: false, message: links.message, userId: to.userId };
  return {
    ok: true,
    userId: to.userId,
    name: to.name,
    language: to.language,
    message,
    whatsapp: links.whatsapp,
    sms: links.sms,
  };
}
