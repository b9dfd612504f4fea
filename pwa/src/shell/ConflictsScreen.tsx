import { useState } from 'react';
import { useAuth } from '../auth/AuthContext.tsx';
import { discardRejected, resolveConflictLocal } from '../sync/actions.ts';
import {
  conflictSides,
  describeMutation,
  entityLabel,
  fieldLabel,
  showInstant,
  showValue,
  type TConflictSide,
} from '../sync/conflict-view.ts';
import { useConflicts, useEntityRow, useRejected, useSync, type TConflictRow } from '../sync/hooks.ts';

/** The record a conflict is about, by its title or name when this device has it. */
function RecordName({ entity, id }: { entity: string; id: string }) {
  const row = useEntityRow(entity, id);
  const name = row && (row.title ?? row.name);
  return <>{typeof name === 'string' && name ? `${entityLabel(entity)}: ${name}` : entityLabel(entity)}</>;
}

function Side({ side }: { side: TConflictSide }) {
  return (
    <div className="conflict-side">
      <h3>{side.label}</h3>
      <p className="conflict-value">{showValue(side.value)}</p>
      <p className="muted">
        {side.who ?? 'Someone'}
        {side.when ? `, ${showInstant(side.when)}` : ''}
      </p>
    </div>
  );
}

function ConflictCard({ c, viewerId }: { c: TConflictRow; viewerId: string | null }) {
  const ctx = useSync();
  const [busy, setBusy] = useState(false);
  const sides = conflictSides(c, viewerId);
  const keep = async (k: 'server' | 'client') => {
    if (!ctx) return;
    setBusy(true);
    try {
      await resolveConflictLocal(ctx.db, c.id, k);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="card conflict">
      <h2>
        <RecordName entity={c.entity} id={c.row_id} />
      </h2>
      <p>
        Field: <strong>{fieldLabel(c.field)}</strong>
      </p>
      <div className="conflict-sides">
        {sides.map((s) => (
          <Side key={s.keep} side={s} />
        ))}
      </div>
      <div className="actions">
        {sides.map((s) => (
          <button
            key={s.keep}
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void keep(s.keep)}
          >
            {s.button}
          </button>
        ))}
      </div>
    </li>
  );
}

/** /conflicts: every unresolved conflict the user may see, and the changes the server did not accept. */
export function ConflictsScreen() {
  const ctx = useSync();
  const { user } = useAuth();
  const conflicts = useConflicts();
  const rejected = useRejected();
  return (
    <section className="page">
      <h1>Conflicts</h1>
      <p className="muted">
        The same field was changed on two devices. The first change was saved; choose which value to keep.
      </p>
      {!ctx || conflicts === undefined ? (
        <p>Loading....</p>
      ) : conflicts.length === 0 ? (
        <p>No conflicts.</p>
      ) : (
        <ul className="conflict-list" aria-label="Unresolved conflicts">
          {conflicts.map((c) => (
            <ConflictCard key={c.id} c={c} viewerId={user?.id ?? null} />
          ))}
        </ul>
      )}
      <h2>Changes not accepted</h2>
      {rejected === undefined ? null : rejected.length === 0 ? (
        <p>None. Every change sent from this device was accepted.</p>
      ) : (
        <ul className="conflict-list" aria-label="Changes not accepted">
          {rejected.map((e) => (
            <li key={e.id} className="card">
              <p>
                <strong>{describeMutation(e)}</strong>
                <span className="muted">, {showInstant(e.createdAt)}</span>
              </p>
              <p role="note">{e.message}</p>
              <button
                type="button"
                className="btn"
                onClick={() => {
                  if (ctx) void discardRejected(ctx.db, e.id);
                }}
              >
                Discard
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
