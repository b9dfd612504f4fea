import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatDate, MSG } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { putLocal } from '../sync/actions.ts';
import { usePendingFor, useSync } from '../sync/hooks.ts';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { roleLabelOf, type TUserRow } from './users.local.ts';

type Draft = { name: string; email: string; seen: Record<string, number> };
type DraftErrors = Partial<Record<'name' | 'email', string>>;

const MSG_USER_APPROVED = 'User Approved Successfully!';
const MSG_USER_BLOCKED = 'User Blocked Successfully!';

/**
 * One row of the users list with its own view/edit mode (part 2 §4 "Inline edit"). Every change is written
 * on this device at once (and so works offline) and queued for the server, which applies the rest: approval
 * stamps and mail, ending a blocked user's sessions, the unique-email rule.
 */
export function UserRow({
  user,
  onChanged,
  onDelete,
}: {
  user: TUserRow;
  /** Called before this row is changed from the list, so the list keeps showing it. */
  onChanged: (id: string) => void;
  onDelete: (user: TUserRow) => void;
}) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  // Nobody blocks or deletes themselves from this list (the server refuses it too).
  const isSelf = useAuth().user?.id === user.id;
  const pending = usePendingFor('users', user.id);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [busy, setBusy] = useState(false);

  const toggleApproval = async () => {
    if (!ctx) return;
    const approve = !user.is_approved;
    setBusy(true);
    onChanged(user.id);
    try {
      await saved(
        () => putLocal(ctx.db, 'users', user.id, { is_approved: approve }, { seen: user.field_versions }),
        approve ? MSG_USER_APPROVED : MSG_USER_BLOCKED,
      );
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };

  const update = async () => {
    if (!draft || !ctx) return;
    const name = draft.name.trim();
    const email = draft.email.trim().toLowerCase();
    const errs: DraftErrors = {};
    if (!name) errs.name = MSG.nameRequired;
    if (!email) errs.email = MSG.emailRequired;
    else if (!z.email().safeParse(email).success) errs.email = MSG.emailInvalid;
    else if (email !== user.email.toLowerCase()) {
      // Another user of the firm is on this device; the server checks every firm when the change arrives.
      const taken = await ctx.db.rows('users').where('email').equals(email).count();
      if (taken) errs.email = MSG.emailTaken;
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const values: Record<string, string> = {};
    if (name !== user.name) values.name = name;
    if (email !== user.email) values.email = email;
    setBusy(true);
    onChanged(user.id);
    try {
      await saved(async () => {
        if (Object.keys(values).length)
          await putLocal(ctx.db, 'users', user.id, values, { seen: draft.seen });
      }, MSG.updatedOk);
      setDraft(null);
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void update();
    } else if (e.key === 'Escape') setDraft(null);
  };

  const role = roleLabelOf(user.role_id);
  return (
    <tr className={draft ? 'editing' : undefined}>
      <td data-label="Name">
        {draft ? (
          <div className="field">
            <input
              aria-label="Name"
              value={draft.name}
              aria-invalid={!!errors.name}
              onKeyDown={onKey}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
            {errors.name && <span className="field-error">{errors.name}</span>}
          </div>
        ) : (
          <div>
            <div>{user.name}</div>
            <div>
              {role && <span className="badge">{role}</span>}
              <span className={user.is_approved ? 'badge ok' : 'badge warn'}>
                {user.is_approved ? 'Approved' : 'Pending Approval'}
              </span>
              {user.is_moot_student && <span className="badge">Moot</span>}
              {pending && (
                <span className="badge warn" title="Saved on this device; it goes to the server when online.">
                  Not synced yet
                </span>
              )}
            </div>
          </div>
        )}
      </td>
      <td data-label="Email" style={{ overflowWrap: 'anywhere' }}>
        {draft ? (
          <div className="field">
            <input
              aria-label="Email"
              type="email"
              value={draft.email}
              aria-invalid={!!errors.email}
              onKeyDown={onKey}
              onChange={(e) => setDraft({ ...draft, email: e.target.value })}
            />
            {errors.email && <span className="field-error">{errors.email}</span>}
          </div>
        ) : (
          user.email
        )}
      </td>
      <td data-label="Registered at">{formatDate(user.created_at)}</td>
      <td data-label="Actions">
        {draft ? (
          <div className="row-actions">
            <button type="button" className="btn primary" disabled={busy} onClick={() => void update()}>
              Update
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        ) : (
          <div className="row-actions">
            {!isSelf && (
              <button type="button" className="btn" disabled={busy} onClick={() => void toggleApproval()}>
                {user.is_approved ? 'Block' : 'Approve'}
              </button>
            )}
            <Link className="btn" to={`/users/edit/${encodeURIComponent(user.id)}`}>
              Edit
            </Link>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setErrors({});
                // The versions this edit is based on: a change pulled meanwhile becomes a conflict, not lost.
                setDraft({ name: user.name, email: user.email, seen: { ...(user.field_versions ?? {}) } });
              }}
            >
              Quick Edit
            </button>
            {!isSelf && (
              <button type="button" className="btn danger" disabled={busy} onClick={() => onDelete(user)}>
                Delete
              </button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
