import { parentPort } from 'node:worker_threads';
import {
  buildCaseFilePdf,
  buildDocumentPdf,
  buildOrderSheetsPdf,
  buildPendingCasesPdf,
} from '@lawfirm/shared-types/pdf/index.ts';
import { entityDecl } from '@lawfirm/shared-types/sync/entities.ts';
import { buildFirResultPdf } from '@lawfirm/shared-types/fir/fir-result.pdf.ts';
import { buildCauseListPdf } from '@lawfirm/shared-types/pdf/builders/cause-list.ts';
import { pdfRefusal } from '@lawfirm/shared-types/pdf/attachments/pdf-pages.ts';
import { serverLoadBytes, workerStore } from './pdf-assets.ts';
import { renderPdfThumbnail } from './pdf-thumbnail.ts';
import type { TPdfTask, TPdfTaskAnswer } from './pdf-workers.ts';

/**
 * A PDF worker thread (pdf-workers.ts): builds one PDF, checks one uploaded PDF or draws one thumbnail at a
 * time, reading the firm's stored files itself, so the server's event loop never runs pdf-lib or pdf.js.
 */
async function run(task: TPdfTask): Promise<Uint8Array | string | null> {
  if (task.kind === 'inspect') return pdfRefusal(task.bytes);
  if (task.kind === 'thumbnail') return renderPdfThumbnail(task.bytes);
  const store = await workerStore(task.store ?? { kind: 'folder' }, task.dataDir);
  const loadBytes = serverLoadBytes(store, task.companyId);
  switch (task.kind) {
    case 'caseFile':
      return buildCaseFilePdf({ ...task.data, loadBytes });
    case 'document':
      return buildDocumentPdf({ ...task.data, loadBytes });
    case 'pendingCases':
      return buildPendingCasesPdf({ ...task.data, loadBytes });
    case 'orderSheets':
      return buildOrderSheetsPdf({ ...task.data, loadBytes });
    case 'declared': {
      const doc = entityDecl(task.entity)?.document;
      if (!doc) throw new Error(`${task.entity} declares no document`);
      return (await doc.load()).build(task.data, loadBytes);
    }
    case 'firResult':
      return buildFirResultPdf({ ...task.data, loadBytes });
    case 'causeList':
      return buildCauseListPdf({ ...task.data, loadBytes });
  }
}

const port = parentPort!;
port.on('message', (task: TPdfTask) => {
  run(task).then(
    (result) => {
      const answer: TPdfTaskAnswer = { ok: true, result };
      port.postMessage(answer, result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : []);
    },
    (e: unknown) => {
      const answer: TPdfTaskAnswer = { ok: false, error: e instanceof Error ? e.message : String(e) };
      port.postMessage(answer);
    },
  );
});
port.postMessage('ready');
