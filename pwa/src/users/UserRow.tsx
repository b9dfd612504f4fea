import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatDate, MSG } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { putLocal } from '../sync/actions.ts';
import { usePendingFor, useSync } from '../sync/hooks.ts';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { UpdateCancelButtons } from '../ui/RowEditButtons.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { roleLabelOf, type TUserRow } from './users.local.ts';

/** The quick edit's two fields (part 2 §4 "Inline edit"), with the spec's messages. */
const QUICK_FIELDS: TField[] = [
  { key: 'name', label: 'Name', required: MSG.nameRequired },
  {
    key: 'email',
    label: 'Email',
    required: MSG.emailRequired,
    invalid: MSG.emailInvalid,
    rule: z.email(),
    parse: (text) => text.trim().toLowerCase(),
  },
];

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
  // The versions the edit is based on (a change pulled meanwhile becomes a conflict, not lost); null: not editing.
  const [editing, setEditing] = useState<Record<string, number> | null>(null);
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

  const role = roleLabelOf(user.role_id);
  if (editing)
    return (
      <QuickEditRow
        user={user}
        seen={editing}
        onSaving={() => onChanged(user.id)}
        onClose={() => setEditing(null)}
      />
    );
  return (
    <tr>
      <td data-label="Name">
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
      </td>
      <td data-label="Email" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </td>
      <td data-label="Registered at">{formatDate(user.created_at)}</td>
      <td data-label="Actions">
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
            onClick={() => setEditing({ ...(user.field_versions ?? {}) })}
          >
            Quick Edit
          </button>
          {!isSelf && (
            <button type="button" className="btn danger" disabled={busy} onClick={() => onDelete(user)}>
              Delete
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * The row in its edit mode, on the form kit: Name and Email checked with the spec's messages, Enter saves and
 * Escape cancels; the save is written on this device at once (offline too) with only the fields it changed.
 */
function QuickEditRow({
  user,
  seen,
  onSaving,
  onClose,
}: {
  user: TUserRow;
  seen: Record<string, number>;
  onSaving: () => void;
  onClose: () => void;
}) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const form = useFieldForm(QUICK_FIELDS, () => ({ name: user.name ?? '', email: user.email ?? '' }));
  const save = form.submit(async (values) => {
    if (!ctx) throw new Error('Your data is still loading.');
    const name = typeof values.name === 'string' ? values.name : '';
    const email = typeof values.email === 'string' ? values.email : '';
    if (email !== user.email.toLowerCase()) {
      // Another user of the firm is on this device; the server checks every firm when the change arrives.
      const taken = await ctx.db.rows('users').where('email').equals(email).count();
      if (taken) {
        form.setServerErrors({ email: MSG.emailTaken });
        throw new Error(MSG.emailTaken);
      }
    }
    const changed: Record<string, string> = {};
    if (name !== user.name) changed.name = name;
    if (email !== user.email) changed.email = email;
    onSaving();
    try {
      await saved(async () => {
        if (Object.keys(changed).length) await putLocal(ctx.db, 'users', user.id, changed, { seen });
      }, MSG.updatedOk);
    } catch (e) {
      toast.failed(e);
      throw e;
    }
    onClose();
  });
  const submit = () => save();
  const cancel = () => form.leave(onClose);
  return (
    <tr className="editing">
      <td data-label="Name">
        <Field {...form.bind('name')} onEnter={submit} onEscape={cancel} />
      </td>
      <td data-label="Email" style={{ overflowWrap: 'anywhere' }}>
        <Field type="email" {...form.bind('email')} onEnter={submit} onEscape={cancel} />
      </td>
      <td data-label="Registered at">{formatDate(user.created_at)}</td>
      <td data-label="Actions">
        <div className="row-actions">
          <UpdateCancelButtons saving={form.submitting} onUpdate={submit} onCancel={cancel} />
        </div>
        {form.dialog}
      </td>
    </tr>
  );
}
