/** Shown until the server has confirmed this row's last change (it may still be refused or conflict). */
export function PendingMark() {
  return (
    <span className="badge warn" title="Saved on this device; it goes to the server when online.">
      Not synced yet
    </span>
  );
}
