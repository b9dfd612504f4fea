import { useEffect, useState } from 'react';
import { formatDate } from '@lawfirm/shared-types';
import { api } from '../http/client.ts';
import { useOnline } from '../browser/useOnline.ts';
import { useToast } from '../feedback/toast.tsx';
import { CHECKED, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';

/** The digest's switch: a declared control applied at once (not a form: nothing to save or lose). */
const DIGEST: TField = { key: 'digest', label: 'Mail me tomorrow’s hearings each evening', kind: 'checkbox' };

type TChoices = { feed: boolean; feed_created_at: string | null; digest: boolean; digest_allowed: boolean };

/**
 * The hearings in the phone's own calendar app: a private link to subscribe to (shown once when made; a new
 * one stops the old), and the evening mail of tomorrow's hearings. Both live on the server, so this needs a
 * connection; the calendar above works without one.
 */
export function CalendarSubscription() {
  const online = useOnline();
  const toast = useToast();
  const [choices, setChoices] = useState<TChoices | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!online) return;
    const ctl = new AbortController();
    api<TChoices>('/api/calendar/subscription', { signal: ctl.signal }).then(setChoices, () => undefined);
    return () => ctl.abort();
  }, [online]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  const makeLink = () =>
    run(async () => {
      const r = await api<{ url: string }>('/api/calendar/feed', { method: 'POST' });
      setUrl(r.url);
      setChoices((c) => c && { ...c, feed: true, feed_created_at: new Date().toISOString() });
    });
  const stopLink = () =>
    run(async () => {
      await api('/api/calendar/feed', { method: 'DELETE' });
      setUrl(null);
      setChoices((c) => c && { ...c, feed: false, feed_created_at: null });
      toast.success('The calendar link no longer works.');
    });
  // Ticked at once; put back if the server refuses.
  const setDigest = (digest: boolean) => {
    setChoices((c) => c && { ...c, digest });
    return run(async () => {
      try {
        setChoices(await api<TChoices>('/api/calendar/digest', { method: 'PUT', json: { digest } }));
      } catch (e) {
        setChoices((c) => c && { ...c, digest: !digest });
        throw e;
      }
    });
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied.');
    } catch {
      toast.info('Select the link and copy it.');
    }
  };

  return (
    <section className="calendar-subscription" aria-labelledby="calendar-subscription-title">
      <h2 id="calendar-subscription-title">In your phone’s calendar</h2>
      {!online ? (
        <p>Connect to the internet to set up a calendar link or the evening mail.</p>
      ) : !choices ? (
        <p>Loading....</p>
      ) : (
        <>
          <p>
            Subscribe to your hearings from Google Calendar (“From URL”), Outlook (“Subscribe from web”) or
            Apple Calendar (“New Calendar Subscription”). Keep the link private: anyone with it sees your
            hearings.
          </p>
          {url && (
            <div className="calendar-link">
              <label htmlFor="calendar-link-url">Your calendar link</label>
              <input id="calendar-link-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <button type="button" className="btn btn-primary" onClick={() => void copy()}>
                Copy
              </button>
            </div>
          )}
          {choices.feed && !url && (
            <p>Your calendar link is on (made {formatDate(choices.feed_created_at)}).</p>
          )}
          <div className="calendar-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void makeLink()}>
              {choices.feed ? 'Make a new link' : 'Get a calendar link'}
            </button>
            {choices.feed && (
              <button type="button" className="btn" disabled={busy} onClick={() => void stopLink()}>
                Stop the link
              </button>
            )}
          </div>
          {choices.digest_allowed && (
            <Field
              className="calendar-digest"
              field={DIGEST}
              value={choices.digest ? CHECKED : ''}
              disabled={busy}
              onChange={(v) => void setDigest(v === CHECKED)}
            />
          )}
        </>
      )}
    </section>
  );
}
