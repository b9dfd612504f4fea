import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * One accessible dialog for the whole app (native <dialog>: focus trap and Escape for free). Every way of
 * closing it (×, Escape) is a request to `onClose`, which decides: a dialog holding unsaved input asks first
 * (useDiscardGuard), so the browser is never let close it on its own.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const openNow = useRef(open);
  useEffect(() => {
    openNow.current = open;
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // Closed by the browser while still meant to be open (a second Escape may skip the cancel event): shown
      // again, and the close asked of its owner as any other.
      onClose={() => {
        if (!openNow.current) return;
        ref.current?.showModal();
        onClose();
      }}
    >
      <header className="modal-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="modal-body">{children}</div>
      {footer && <footer className="modal-foot">{footer}</footer>}
    </dialog>
  );
}

/** The spec's confirmation prompt: 'Do you want to Delete?' with Delete and Cancel. */
export function ConfirmDialog({
  open,
  message = 'Do you want to Delete?',
  detail,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message?: string;
  /** What exactly goes (the spec's prompt names no record). */
  detail?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      title="Please confirm"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn danger" onClick={onConfirm}>
            {confirmLabel}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            {cancelLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
      {detail && <p className="muted">{detail}</p>}
    </Modal>
  );
}
