import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useEntityRows } from '../sync/hooks.ts';
import { usePetitionPage, useUsers } from '../case-files/useCaseFiles.ts';
import type { TSettingsRow } from '../shell/useSettings.tsx';
import { tellClientOffer, type TTellClientOffer } from './tellClient.logic.ts';
import './tell-client.css';

type TProps = {
  petitionId: string;
  /** What happened at the hearing just recorded (the order sheet's type), when known. */
  outcome?: string | null;
  /** The next date just set (YYYY-MM-DD); by default the case's next hearing. */
  nextDate?: string | null;
};

/** The offer for a case, from the device's tables (offline too); undefined while they load. */
export function useTellClientOffer({ petitionId, outcome, nextDate }: TProps): TTellClientOffer | undefined {
  const page = usePetitionPage(petitionId);
  const users = useUsers();
  const settings = useEntityRows<TSettingsRow>('settings')?.[0];
  return useMemo(() => {
    if (!page?.petition || !users) return undefined;
    return tellClientOffer({
      petition: page.petition,
      abbr: page.abbr,
      court: page.court,
      parties: page.parties.filter((p) => !p.deleted_at),
      people: users.filter((u) => !u.deleted_at),
      templates: { en: settings?.tell_client_en, ur: settings?.tell_client_ur },
      outcome,
      nextDate: nextDate ?? page.next?.order_sheet_date ?? null,
    });
  }, [page, users, settings, outcome, nextDate]);
}

/**
 * "Tell client" (issue 34): opens the WhatsApp and SMS links with the message ready in the client's language,
 * or says why there is no number and links to the record to add one. The case page shows it, and the
 * record-hearing form may show it after a next date is set.
 */
export function TellClientButton(props: TProps) {
  const offer = useTellClientOffer(props);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!offer) return null;
  return (
    <div className="tell-client">
      <button
        type="button"
        className="btn"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Tell Client
      </button>
      {open && (
        <div id={panelId} className="tell-client-panel">
          {offer.ok ? (
            <>
              <p>
                To {offer.name} ({offer.language === 'ur' ? 'Urdu' : 'English'}):
              </p>
              <p className="tell-client-message" lang={offer.language} dir="auto">
                {offer.message}
              </p>
              <div className="tell-client-links">
                <a className="btn" href={offer.whatsapp} target="_blank" rel="noopener noreferrer">
                  WhatsApp
                </a>
                <a className="btn" href={offer.sms}>
                  SMS
                </a>
              </div>
            </>
          ) : (
            <>
              <p role="status">{offer.message}</p>
              {offer.userId && (
                <Link className="btn" to={`/users/edit/${encodeURIComponent(offer.userId)}`}>
                  Add a Number
                </Link>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
