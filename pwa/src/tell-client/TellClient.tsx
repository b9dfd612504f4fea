import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@lawfirm/shared-types/common/dates.ts';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import { usePetitionPage, useUsers } from '../case-files/useCaseFiles.ts';
import type { TSettingsRow } from '../shell/useSettings.tsx';
import { tellClientOffer, type TTellClientOffer } from './tellClient.logic.ts';
import { recordClientTold } from './caseNotices.actions.ts';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { useToast } from '../feedback/toast.tsx';

/** Said once the case's history has it on the server (before that: "Saved on this device."). */
export const MSG_CLIENT_TOLD = 'Recorded on the case: client told.';
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
export function TellClientButton(
  props: TProps & { /** The case's history of telling, under the button. */ history?: boolean },
) {
  const offer = useTellClientOffer(props);
  const ctx = useSync();
  const saved = useSaveReport();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  // Opening a link is telling the client: the case's history says so (offline too), and the notice says
  // whether that record is on this device only or has reached the server.
  const told = (channel: 'whatsapp' | 'sms') => () => {
    if (ctx && offer?.ok)
      saved(() => recordClientTold(ctx.db, props.petitionId, channel, offer.userId), MSG_CLIENT_TOLD).catch(
        (e: unknown) => toast.failed(e),
      );
  };
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
                <a
                  className="btn"
                  href={offer.whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={told('whatsapp')}
                >
                  WhatsApp
                </a>
                <a className="btn" href={offer.sms} onClick={told('sms')}>
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
      {props.history && <ClientToldHistory petitionId={props.petitionId} />}
    </div>
  );
}

type TNoticeRow = {
  id: string;
  petition_id: string;
  channel: string;
  recipient_id?: string | null;
  updated_by?: string | null;
  updated_at?: string | null;
  deleted_at?: string | null;
};

/** The case's history of telling the client: when, by whom, by which channel (newest first). */
export function ClientToldHistory({ petitionId }: { petitionId: string }) {
  const rows = useEntityRows<TNoticeRow>('case_notices');
  const users = useUsers();
  const mine = useMemo(
    () =>
      (rows ?? [])
        .filter((r) => r.petition_id === petitionId && !r.deleted_at)
        .sort((a, b) => (b.updated_at ?? '~').localeCompare(a.updated_at ?? '~')),
    [rows, petitionId],
  );
  if (!mine.length) return null;
  const nameOf = (id: string | null | undefined) => users?.find((u) => u.id === id)?.name ?? null;
  return (
    <section className="tell-client-history" aria-label="Client told">
      <h2>Client Told</h2>
      <ul>
        {mine.map((r) => {
          const by = nameOf(r.updated_by);
          const to = nameOf(r.recipient_id);
          return (
            <li key={r.id}>
              {r.updated_at ? formatDate(r.updated_at.slice(0, 10)) : 'Not synced yet'}:{' '}
              {r.channel === 'sms' ? 'SMS' : 'WhatsApp'}
              {to ? ` to ${to}` : ''}
              {by ? ` by ${by}` : ''}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
