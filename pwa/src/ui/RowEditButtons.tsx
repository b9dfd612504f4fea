import type { ReactNode } from 'react';

/**
 * The row actions every inline-editable table shares (courts, index items, replies, attachments…):
 * Edit and Delete in view mode, Update and Cancel in edit mode. `children` adds row-specific buttons
 * (Move up/down) between them.
 */
export function RowEditButtons({
  editing,
  saving,
  busy,
  onEdit,
  onUpdate,
  onCancel,
  onDelete,
  children,
}: {
  editing: boolean;
  saving: boolean;
  busy: boolean;
  onEdit: () => void;
  onUpdate: () => Promise<unknown> | void;
  onCancel: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  if (editing) return <UpdateCancelButtons saving={saving} onUpdate={onUpdate} onCancel={onCancel} />;
  return (
    <>
      <button type="button" className="btn" onClick={onEdit}>
        Edit
      </button>
      {children}
      {/* Last and set apart: a slip of the finger from Edit or Move must not land on it. */}
      <button type="button" className="btn danger apart" disabled={busy} onClick={onDelete}>
        Delete
      </button>
    </>
  );
}

/** A row being edited: Update saves it, Cancel leaves it (its form asks first when something was typed). */
export function UpdateCancelButtons({
  saving,
  onUpdate,
  onCancel,
}: {
  saving: boolean;
  onUpdate: () => Promise<unknown> | void;
  onCancel: () => void;
}) {
  return (
    <>
      <button type="button" className="btn primary" disabled={saving} onClick={() => void onUpdate()}>
        Update
      </button>
      <button type="button" className="btn" disabled={saving} onClick={onCancel}>
        Cancel
      </button>
    </>
  );
}
