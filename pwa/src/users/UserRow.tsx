import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { formatDate, MSG, type TUser } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { ApiError } from '../ui/api.ts';
import { useToast } from '../ui/toast.tsx';
import { approveOrBlock, roleIdOf, saveUser } from './users.api.ts';

type Draft = { name: string; email: string };
type DraftErrors = Partial<Record<keyof Draft, string>>;

/**
 * One row of the users list with its own view/edit mode (part 2 §4 "Inline edit"). Changes go up through
 * onChange so the list keeps a single copy of each user.
 */
export function UserRow({
  user,
  onChange,
  onDelete,
}: {
  user: TUser;
  onChange: (user: TUser) => void;
  onDelete: (user: TUser) => void;
}) {
  const toast = useToast();
  // Nobody blocks or deletes themselves from this list (the server refuses it too).
  const isSelf = useAuth().user?.id === user.id;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [busy, setBusy] = useState(false);

  // Part 2 §4: the state flips on screen at once and goes back if the server refuses.
  const toggleApproval = async () => {
    const before = user;
    const next = { ...user, is_approved: !user.is_approved };
    onChange(next);
    setBusy(true);
    try {
      const r = await approveOrBlock(before, next.is_approved);
      toast.success(r.message || MSG.savedOk);
    } catch (e) {
      onChange(before);
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };

  const update = async () => {
    if (!draft) return;
    const errs: DraftErrors = {};
    if (!draft.name.trim()) errs.name = MSG.nameRequired;
    if (!draft.email.trim()) errs.email = MSG.emailRequired;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const row = { ...user, name: draft.name.trim(), email: draft.email.trim() };
      await saveUser({ ...row, role_id: roleIdOf(user), send_email: false });
      onChange(row);
      setDraft(null);
      toast.success(MSG.updatedOk);
    } catch (e) {
      if (e instanceof ApiError && (e.field('name') || e.field('email')))
        setErrors({ name: e.field('name'), email: e.field('email') });
      else toast.failed(e);
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

  const roleNames = user.roles.map((r) => r.name);
  return (
    <tr>
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
              {roleNames.map((n) => (
                <span key={n} className="badge">
                  {n}
                </span>
              ))}
              <span className={user.is_approved ? 'badge ok' : 'badge warn'}>
                {user.is_approved ? 'Approved' : 'Pending Approval'}
              </span>
              {user.is_moot_student && <span className="badge">Moot</span>}
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
                setDraft({ name: user.name, email: user.email });
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
