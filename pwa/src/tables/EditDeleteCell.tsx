import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The Edit / Delete cell of a list row whose edit form is a page of its own (companies, case categories, the
 * declared record lists). `name` names the row in the buttons' accessible names where a list has many rows of
 * one kind; `before` and `after` hold a list's extra actions or marks. Either action may be left out.
 */
export function EditDeleteCell({
  label = 'Actions',
  editTo,
  onDelete,
  busy = false,
  name,
  before,
  after,
}: {
  label?: string;
  editTo?: string | null;
  onDelete?: (() => void) | null;
  busy?: boolean;
  name?: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <td data-label={label}>
      <div className="row-actions">
        {before}
        {editTo && (
          <Link className="btn" to={editTo} aria-label={name ? `Edit ${name}` : undefined}>
            Edit
          </Link>
        )}
        {onDelete && (
          <button
            type="button"
            className="btn danger apart"
            aria-label={name ? `Delete ${name}` : undefined}
            disabled={busy}
            onClick={onDelete}
          >
            Delete
          </button>
        )}
        {after}
      </div>
    </td>
  );
}
