import { useDeferredValue, useMemo } from 'react';
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
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
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
/** The search's three fields (declared: the form kit), none required: any one of them is enough to look. */
const FIELDS: TField[] = [
  { key: 'name', label: 'Name', placeholder: 'Muhammad Aslam, ABC Traders (Pvt.) Ltd.' },
  { key: 'cnic', label: 'CNIC', placeholder: '35202-1234567-1' },
  { key: 'phone', label: 'Phone', placeholder: '0321-4567890' },
];
const EMPTY = { name: '', cnic: '', phone: '' };

function ConflictCheck() {
  const data = useConflictIndex();
  // People's CNICs reach only admins' devices (users.entity.ts hides them from others).
  const seesCnics = can(useAuth().actor, 'users.manage');
  // A search, not the user's work: nothing to keep when leaving (unguarded).
  const form = useFieldForm(FIELDS, EMPTY, { unguarded: true });
  const query = { name: form.draft.name ?? '', cnic: form.draft.cnic ?? '', phone: form.draft.phone ?? '' };
  // Typing stays quick on a slow phone: the check follows the latest text when there is time.
  const q = useDeferredValue(query);
  // Without CNICs on this device, the server says who carries a typed CNIC (online only).
  const same = useSameCnic(q.cnic, !seesCnics);
  const matches = useMemo<TConflictMatch[] | null>(
    () => (data && enough(q) ? checkConflicts(data.index, { ...q, people: same.people }) : null),
    // The deferred text, field by field: a new object each render is not a new query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, q.name, q.cnic, q.phone, same.people],
  );

  return (
    <section className="page conflict-check">
      <h1>Conflict Check</h1>
      <p>
        Finds every case of the firm on this device, archived and moot cases too, where a person or company is
        a party, and on which side.
      </p>
      <form role="search" aria-label="Conflict check" noValidate onSubmit={(e) => e.preventDefault()}>
        <Field type="search" autoComplete="off" {...form.bind('name')} />
        <div className="conflict-numbers">
          <Field
            inputMode="numeric"
            autoComplete="off"
            hint={seesCnics ? undefined : CNIC_HINT[same.state]}
            {...form.bind('cnic')}
          />
          <Field type="tel" autoComplete="off" {...form.bind('phone')} />
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
