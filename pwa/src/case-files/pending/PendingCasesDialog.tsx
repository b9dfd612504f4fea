import { downloadPendingCasesPdf } from '../../pdf/index.ts';
import { Modal } from '../../feedback/Modal.tsx';
import { useDownload } from '../../shell/useDownload.ts';
import { PendingCasesTable } from './PendingCasesTable.tsx';
import { usePendingCases } from './usePendingCases.ts';

/** 'Print Pending Cases' on the Case Files list: the list, a print view in a new tab and a PDF. */
export function PendingCasesDialog({ onClose }: { onClose: () => void }) {
  const rows = usePendingCases();
  const download = useDownload();
  return (
    <Modal
      open
      title="Pending Cases"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => void window.open('/print-pending-cases', '_blank', 'noopener')}
          >
            Print
          </button>
          <button
            type="button"
            className="btn primary"
            disabled={download.busy}
            onClick={() => download.run((db) => downloadPendingCasesPdf(db))}
          >
            Download PDF
          </button>
        </>
      }
    >
      <PendingCasesTable rows={rows} />
    </Modal>
  );
}
