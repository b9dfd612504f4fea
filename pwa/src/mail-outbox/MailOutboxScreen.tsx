import { Fragment, useState } from 'react';
import { formatDate } from '@lawfirm/shared-types';
import { PageControls } from '../tables/Paginator.tsx';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { useApiList, type TPage } from '../tables/useApiList.tsx';

type TMail = {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Files the mail carries (an invoice's PDF); url is a signed download link once the file is made. */
  attachments?: { id: string; file_name: string | null; size: number | null; url: string | null }[];
};

/** Mailer states (sync-server mail/mailer.ts); "stored" means no SMTP is set up and the mail is kept here. */
const STATUS_BADGE: Record<string, string> = { sent: 'badge ok', failed: 'badge warn' };

export function MailOutboxScreen() {
  return (
    <ScreenGuard permission="mailOutbox.read">
      <MailOutboxList />
    </ScreenGuard>
  );
}

function MailOutboxList() {
  const [page, setPage] = useState(1);
  const list = useApiList<{ mails: TPage<TMail> }>('/api/mail_outbox', { page });
  const [open, setOpen] = useState<string | null>(null);
  const paged = list.data?.mails;
  const rows = paged?.data ?? [];
  return (
    <section className="page">
      <h1>Mail Outbox</h1>
      <ListTable
        columns={['To', 'Subject', 'Status', 'Created']}
        loading={list.loading}
        empty={rows.length === 0}
      >
        {rows.map((m) => {
          const expanded = open === m.id;
          const bodyId = `mail-body-${m.id}`;
          return (
            <Fragment key={m.id}>
              <tr>
                <td data-label="To" style={{ overflowWrap: 'anywhere' }}>
                  {m.to_address}
                </td>
                <td data-label="Subject">
                  {/* The subject opens the body: one disclosure button per mail, named by what it opens. */}
                  <button
                    type="button"
                    className="link"
                    style={{ padding: 0, textAlign: 'left', font: 'inherit' }}
                    aria-expanded={expanded}
                    aria-controls={bodyId}
                    onClick={() => setOpen(expanded ? null : m.id)}
                  >
                    <span aria-hidden="true">{expanded ? '▾ ' : '▸ '}</span>
                    {m.subject}
                  </button>
                </td>
                <td data-label="Status">
                  <span className={STATUS_BADGE[m.status] ?? 'badge'}>{m.status}</span>
                </td>
                <td data-label="Created">{formatDate(m.created_at)}</td>
              </tr>
              {expanded && (
                <tr id={bodyId}>
                  <td colSpan={4}>
                    <p>
                      Attempts: {m.attempts}
                      {m.sent_at && <> · Sent {formatDate(m.sent_at)}</>}
                    </p>
                    {m.last_error && <p className="field-error">Last error: {m.last_error}</p>}
                    {!!m.attachments?.length && (
                      <ul aria-label="Attachments">
                        {m.attachments.map((a) => (
                          <li key={a.id}>
                            {a.url ? (
                              <a className="btn" href={a.url} download={a.file_name ?? undefined}>
                                {a.file_name}
                              </a>
                            ) : (
                              'A file being made'
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                    <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
                      {m.body_text}
                    </pre>
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </ListTable>
      <PageControls page={paged} loading={list.loading} onPage={setPage} />
    </section>
  );
}
