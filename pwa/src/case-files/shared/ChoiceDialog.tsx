import { Modal } from '../../feedback/Modal.tsx';

/**
 * The spec's two-way prompts ('Do you want to Remove/Change Pending Tag?', '… Hearing Date?'): Delete or
 * Edit. Closing it (Escape, ×) does neither, unlike ConfirmDialog whose cancel is a choice here. Delete sits
 * at the far end from Edit, the frequent choice, never beside it.
 */
export function ChoiceDialog({
  message,
  onDelete,
  onEdit,
  onClose,
}: {
  message: string;
  onDelete: () => void;
  onEdit: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title="Please confirm"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn danger apart" onClick={onDelete}>
            Delete
          </button>
          <button type="button" className="btn primary" onClick={onEdit}>
            Edit
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
