import { useEffect, useState } from 'react';
import { cnicKey } from '@lawfirm/shared-types/court-day/party-name.ts';
import { api } from '../http/client.ts';
import { useOnline } from '../browser/useOnline.ts';

/** What the server said for a CNIC, by its 13 digits: asked once per CNIC while the screen is open. */
const answers = new Map<string, Promise<string[]>>();

export type TSameCnic =
  /** Nothing to ask: no full CNIC typed, or this device holds the CNICs itself (an admin's). */
  | { state: 'idle'; people: null }
  | { state: 'asking'; people: null }
  /** The ids of the firm's people with the typed CNIC. */
  | { state: 'done'; people: string[] }
  /** Offline, or the server could not answer: the check runs on names and phones only, and says so. */
  | { state: 'offline' | 'failed'; people: null };

const IDLE: TSameCnic = { state: 'idle', people: null };

/**
 * The people of the firm carrying a typed CNIC, asked of the server (POST /api/conflict_check/same_cnic) on a
 * device that holds no CNICs (docs/security.md, "CNICs and the conflict check"): online only; offline the
 * conflict check matches names and phones and the screen says the CNIC waits for a connection.
 */
export function useSameCnic(cnic: string, enabled: boolean): TSameCnic {
  const online = useOnline();
  const key = enabled ? cnicKey(cnic) : null;
  const [answer, setAnswer] = useState<{ key: string; value: TSameCnic } | null>(null);
  useEffect(() => {
    if (!key || !online) return;
    let live = true;
    let ask = answers.get(key);
    if (!ask) {
      ask = api<{ people: string[] }>('/api/conflict_check/same_cnic', {
        method: 'POST',
        json: { cnic: key },
      }).then((r) => r.people);
      // A failed answer is asked again next time, not remembered.
      ask.catch(() => answers.delete(key));
      answers.set(key, ask);
    }
    ask.then(
      (people) => live && setAnswer({ key, value: { state: 'done', people } }),
      () => live && setAnswer({ key, value: { state: 'failed', people: null } }),
    );
    return () => {
      live = false;
    };
  }, [key, online]);
  if (!key) return IDLE;
  if (answer?.key === key) return answer.value;
  return online ? { state: 'asking', people: null } : { state: 'offline', people: null };
}
