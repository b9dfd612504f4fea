import { useEffect, useState } from 'react';
import { can } from '@lawfirm/shared-types';
import { MEETING_HEIGHT_PX } from '@lawfirm/shared-types/limitation/meeting.ts';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { api } from '../http/client.ts';
import { useOnline } from '../browser/useOnline.ts';
import { useToast } from '../feedback/toast.tsx';

type TMeeting = { id: string; meeting_id_public: string; host_meeting_iframe: string | null };

/** A meeting started with New Meeting, kept on the device until the next one. */
const KEPT_KEY = 'lf-meeting';
const kept = (): TMeeting | null => {
  try {
    return JSON.parse(localStorage.getItem(KEPT_KEY) ?? 'null') as TMeeting | null;
  } catch {
    return null;
  }
};

/**
 * The online meeting room (part 3 §2.14): the user's meeting id with a copy button and New Meeting, and the
 * room in a frame 700 px high (camera, microphone, fullscreen, screen share; the display name is the
 * product's). The room's provider is the one the admin set in Settings; offline the room cannot open.
 */
export function MeetingScreen() {
  const online = useOnline();
  const toast = useToast();
  const { actor } = useAuth();
  const [meeting, setMeeting] = useState<TMeeting | null>(kept);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!online || kept()) return;
    api<{ meeting: TMeeting }>('/api/get_user_meeting', { method: 'POST', json: {} }).then(
      (r) => setMeeting(r.meeting),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [online]);
  const newMeeting = async () => {
    try {
      const r = await api<{ meeting: TMeeting }>('/api/create_new_meeting', { method: 'POST', json: {} });
      localStorage.setItem(KEPT_KEY, JSON.stringify(r.meeting));
      setMeeting(r.meeting);
    } catch (e) {
      toast.failed(e);
    }
  };
  const copy = async () => {
    if (!meeting) return;
    try {
      await navigator.clipboard.writeText(meeting.meeting_id_public);
      toast.success('Copied!');
    } catch (e) {
      toast.failed(e);
    }
  };

  return (
    <section className="page">
      <div className="row-between">
        <h1>{meeting ? `Meeting ID: ${meeting.meeting_id_public}` : 'Online Meeting'}</h1>
        <div className="row-actions">
          <button type="button" className="btn" disabled={!meeting} onClick={() => void copy()}>
            Copy
          </button>
          <button type="button" className="btn primary" disabled={!online} onClick={() => void newMeeting()}>
            New Meeting
          </button>
        </div>
      </div>
      {!online && <p role="status">The meeting needs a connection. It opens when you are online.</p>}
      {online && error && <p role="alert">{error}</p>}
      {online && meeting && !meeting.host_meeting_iframe && (
        <p role="status">
          No meeting room is set up yet.{' '}
          {can(actor, 'settings.manage') ? (
            <>
              In{' '}
              <Link className="tap-link" to="/settings">
                Settings
              </Link>
              , Site Setting, put a Whereby room address in Host Whereby Iframe, or the address of a Jitsi
              Meet server (such as https://meet.jit.si or your own).
            </>
          ) : (
            'Ask your firm admin to set one up in Settings.'
          )}
        </p>
      )}
      {online && meeting?.host_meeting_iframe && (
        <iframe
          title="Meeting room"
          src={meeting.host_meeting_iframe}
          style={{ width: '100%', height: MEETING_HEIGHT_PX, border: 0 }}
          allow="camera; microphone; fullscreen; display-capture; autoplay"
          allowFullScreen
        />
      )}
    </section>
  );
}
