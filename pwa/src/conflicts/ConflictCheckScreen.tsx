import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  checkConflicts,
  conflictLine,
  type TConflictMatch,
} from '@lawfirm/shared-types/court-day/conflict-check.ts';
import { nameKey } from '@lawfirm/shared-types/court-day/party-name.ts';
import { can } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { useConflictIndex } from './useConflictIndex.ts';
import { useSameCnic, type TSameCnic } from './useSameCnic.ts';
import { ConflictAcksAudit } from './ConflictAcksAudit.tsx';
import './conflicts.css';

export function ConflictCheckScreen() {
  return (
    <ScreenGuard permission="petitions.edit">
      <ConflictCheck />
    </ScreenGuard>
  );
}

/** What the CNIC field says on a device that holds no CNICs (the server checks a typed one). */
const CNIC_HINT: Record<TSameCnic['state'], string> = {
  idle: 'CNICs are kept on the server and admins’ devices: a full CNIC is checked with the server.',
  asking: 'Checking the CNIC with the server…',
  done: 'CNIC checked with the server.',
  offline: 'You are offline: the CNIC is checked once you are online; names and phones are checked now.',
  failed: 'The server could not check the CNIC: names and phones are checked.',
};

/** Enough typed to look: a name of three letters or more, or a CNIC or phone. */
const enough = (q: { name: string; cnic: string; phone: string }) =>
  nameKey(q.name).length >= 3 || q.cnic.trim().length > 0 || q.phone.trim().length > 0;

/**
 * Conflict check (issue 34): before taking a case, does the firm already appear for or against this person
 * or company? Every case on this device is searched as the name is typed, offline too, across spelling
 * variants, honorifics and company suffixes; a CNIC or phone ties an Urdu name to the English one.
 */
function ConflictCheck() {
  const id = useId();
  const data = useConflictIndex();
  // People's CNICs reach only admins' devices (users.entity.ts hides them from others).
  const seesCnics = can(useAuth().actor, 'users.manage');
  const [query, setQuery] = useState({ name: '', cnic: '', phone: '' });
  // Typing stays quick on a slow phone: the check follows the latest text when there is time.
  const q = useDeferredValue(query);
  // Without CNICs on this device, the server says who carries a typed CNIC (online only).
  const same = useSameCnic(q.cnic, !seesCnics);
  const matches = useMemo<TConflictMatch[] | null>(
    () => (data && enough(q) ? checkConflicts(data.index, { ...q, people: same.people }) : null),
    [data, q, same.people],
  );
  const set = (k: keyof typeof query) => (e: { target: { value: string } }) =>
    setQuery((v) => ({ ...v, [k]: e.target.value }));

  return (
    <section className="page conflict-check">
      <h1>Conflict Check</h1>
      <p>
        Finds every case of the firm on this device, archived and moot cases too, where a person or company is
        a party, and on which side.
      </p>
      <form role="search" aria-label="Conflict check" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <div className="field-label">
            <label htmlFor={`${id}-name`}>Name</label>
          </div>
          <input
            id={`${id}-name`}
            type="search"
            autoComplete="off"
            value={query.name}
            onChange={set('name')}
            placeholder="Muhammad Aslam, ABC Traders (Pvt.) Ltd."
          />
        </div>
        <div className="conflict-numbers">
          <div className="field">
            <div className="field-label">
              <label htmlFor={`${id}-cnic`}>CNIC</label>
            </div>
            <input
              id={`${id}-cnic`}
              inputMode="numeric"
              autoComplete="off"
              value={query.cnic}
              onChange={set('cnic')}
              placeholder="35202-1234567-1"
              aria-describedby={seesCnics ? undefined : `${id}-cnic-hint`}
            />
            {!seesCnics && (
              <div className="field-hint" id={`${id}-cnic-hint`} aria-live="polite">
                {CNIC_HINT[same.state]}
              </div>
            )}
          </div>
          <div className="field">
            <div className="field-label">
              <label htmlFor={`${id}-phone`}>Phone</label>
            </div>
            <input
              id={`${id}-phone`}
              type="tel"
              autoComplete="off"
              value={query.phone}
              onChange={set('phone')}
              placeholder="0321-4567890"
            />
          </div>
        </div>
      </form>
      <Results data={data} matches={matches} />
      {seesCnics && <ConflictAcksAudit />}
    </section>
  );
}

function Results({
  data,
  matches,
}: {
  data: { cases: number } | undefined;
  matches: TConflictMatch[] | null;
}) {
  if (!data) return <p role="status">Loading....</p>;
  if (!matches)
    return (
      <p role="status">
        Type a name (or a CNIC or phone) to search {data.cases.toLocaleString('en-US')} cases.
      </p>
    );
  if (!matches.length) return <p role="status">No case of the firm on this device names this party.</p>;
  return (
    <>
      <p role="status">
        {matches.length === 1 ? '1 case names this party:' : `${matches.length} cases name this party:`}
      </p>
      <ul className="conflict-matches">
        {matches.map((m) => (
          <li key={`${m.caseId}:${m.side}`}>
            <Link to={`/petitions/${m.caseId}`}>{conflictLine(m)}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
