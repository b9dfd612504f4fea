import { useEffect, useMemo, useState } from 'react';
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

/** Asks once per person: the people of the firm with the same CNIC as `userId` (the server reads it). */
function askForPerson(userId: string): Promise<string[]> {
  const key = `person:${userId}`;
  let ask = answers.get(key);
  if (!ask) {
    ask = api<{ people: string[] }>('/api/conflict_check/same_cnic', {
      method: 'POST',
      json: { user_id: userId },
    }).then((r) => r.people);
    ask.catch(() => answers.delete(key));
    answers.set(key, ask);
  }
  return ask;
}

/**
 * For the persons linked to the parties on the case form, on a device without CNICs: the people the server
 * says share each one's CNIC (online; offline the form's warnings come from names and phones).
 */
export function useSameCnicOfPeople(
  userIds: readonly string[],
  enabled: boolean,
): ReadonlyMap<string, readonly string[]> {
  const online = useOnline();
  const ids = useMemo(() => [...new Set(userIds)].sort(), [userIds]);
  const wanted = enabled && online ? ids.join(',') : '';
  const [found, setFound] = useState<ReadonlyMap<string, readonly string[]>>(new Map());
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    for (const id of wanted.split(','))
      askForPerson(id).then(
        (people) => live && setFound((m) => (m.get(id) ? m : new Map(m).set(id, people))),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [wanted]);
  return found;
}
