import { Worker } from 'node:worker_threads';
import type {
  TCaseFilePdfData,
  TDocumentPdfData,
  TOrderSheetsPdfData,
  TPendingCasesPdfData,
} from '@lawfirm/shared-types/pdf/index.ts';
import type { TDocumentInput } from '@lawfirm/shared-types/pdf/document.ts';
import type { TFirResultPdfData } from '@lawfirm/shared-types/fir/fir-result.pdf.ts';
import type { TCauseListPdfData } from '@lawfirm/shared-types/pdf/builders/cause-list.ts';
import type { Config } from '../config.ts';
import type { TFileStoreSettings } from '../files/open-store.ts';
import { HttpError } from '../http/errors.ts';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** PDF building and PDF upload checks, off the event loop (routes.ts creates them). */
    pdfWorkers: PdfWorkers;
  }
}

/** What a builder takes, less what the worker supplies itself (the firm's files, no progress callback). */
type TData<T> = Omit<T, 'loadBytes' | 'onProgress'>;
export type TPdfBuild =
  | { kind: 'caseFile'; data: TData<TCaseFilePdfData> }
  | { kind: 'document'; data: TData<TDocumentPdfData> }
  | { kind: 'pendingCases'; data: TData<TPendingCasesPdfData> }
  | { kind: 'orderSheets'; data: TData<TOrderSheetsPdfData> }
  /** An entity's declared document (shared-types/src/pdf/document.ts), by the entity's name. */
  | { kind: 'declared'; entity: string; data: TDocumentInput }
  | { kind: 'firResult'; data: TData<TFirResultPdfData> }
  | { kind: 'causeList'; data: TData<TCauseListPdfData> };
/** The firm whose stored files a build reads. */
export type TPdfFiles = {
  dataDir: string;
  companyId: string;
  /** The file store the files are in (set by createPdfWorkers from the configuration). */
  store?: TFileStoreSettings;
};
export type TPdfTask =
  (TPdfBuild & TPdfFiles) | { kind: 'inspect'; bytes: Uint8Array } | { kind: 'thumbnail'; bytes: Uint8Array };
/** A built PDF or thumbnail, or an upload check's refusal (null: the PDF may be kept). */
export type TPdfTaskAnswer = { ok: true; result: Uint8Array | string | null } | { ok: false; error: string };

/** How many PDFs are made at once, and what one may cost: its time and its worker's heap. */
export type TPdfBudget = Config['pdfBuild'];

export const PDF_TIMEOUT_MESSAGE =
  'This PDF took too long to make. Download its documents one at a time, or try again later.';
export const PDF_MEMORY_MESSAGE =
  'This PDF needs more memory than the server allows for one document. Download its documents one at a time.';
export const PDF_BUSY_MESSAGE = 'The server is busy making other PDFs. Try again in a minute.';
export const PDF_PUBLIC_BUSY_MESSAGE =
  'Too many visitors are making PDFs right now. Try again in a minute, or sign in.';
export const PDF_TOO_COMPLEX_MESSAGE =
  'The PDF is too complex to check. Save it again (print to PDF) and upload that.';

/** A job stopped for going over its budget (not a fault of the server). */
class OverBudget extends HttpError {}

/** Jobs waiting for a worker before new ones are turned away. */
const MAX_QUEUE = 20;
/**
 * Builds asked for without a sign-in (the public FIR reader's PDF), running and waiting, across every address:
 * beyond this they are turned away at once, so a few addresses inside their own rate limit cannot fill the
 * queue that signed-in users' PDFs wait in.
 */
const MAX_PUBLIC_JOBS = 4;
/** An idle worker is stopped after this, giving its memory back; the next job starts a new one (~0.5 s). */
const IDLE_MS = 30_000;
/** Upload checks only count pages: a budget of their own, on a worker of their own. */
const CHECK_TIMEOUT_MS = 20_000;
/** Thumbnails draw one small page: the same budget, on a worker of their own (never in a build's way). */
const THUMBNAIL_TIMEOUT_MS = 20_000;

/**
 * The worker's entry is TypeScript like the rest of the server, loaded through tsx's API (a worker does not
 * inherit the `--import tsx` hooks of the main thread on Node 20).
 */
const ENTRY = JSON.stringify(new URL('./pdf-worker.ts', import.meta.url).href);
const TSX_API = JSON.stringify(import.meta.resolve('tsx/esm/api'));
const BOOT = `import(${TSX_API}).then((tsx) => tsx.tsImport(${ENTRY}, ${ENTRY}))`;

type Job = {
  task: TPdfTask;
  resolve: (r: TPdfTaskAnswer & { ok: true }) => void;
  reject: (e: unknown) => void;
  /** Turns the job away when it has waited a whole budget for a worker. */
  expiry: NodeJS.Timeout;
  /** Asked for without a sign-in: runs on the public share of the workers, after every signed-in job. */
  isPublic: boolean;
};

/**
 * A few worker threads (node:worker_threads), each with a heap limit (resourceLimits), running one job at a
 * time under a time limit. A job over its time is stopped by ending its worker; one over its heap ends its
 * worker itself. Either answers 503 with a message, and the next job gets a fresh worker.
 */
class WorkerPool {
  private readonly idle: { worker: Worker; reaper: NodeJS.Timeout }[] = [];
  private readonly busy = new Set<Worker>();
  private readonly queue: Job[] = [];
  private live = 0;
  private closed = false;
  running = 0;
  /** Public jobs running and waiting now. */
  private publicJobs = 0;
  /** Jobs sent to a worker since the pool started (tests see a build take the worker path). */
  started = 0;

  constructor(private readonly budget: TPdfBudget) {}

  /** Workers a public job may take: all but one when there are several, so a signed-in user always has one. */
  private get publicWorkers(): number {
    return Math.max(1, this.budget.workers - 1);
  }

  run(task: TPdfTask, isPublic = false): Promise<TPdfTaskAnswer & { ok: true }> {
    if (this.closed || this.queue.length >= MAX_QUEUE)
      return Promise.reject(new HttpError(503, PDF_BUSY_MESSAGE));
    if (isPublic && this.publicJobs >= MAX_PUBLIC_JOBS)
      return Promise.reject(new HttpError(503, PDF_PUBLIC_BUSY_MESSAGE));
    if (isPublic) this.publicJobs++;
    return new Promise<TPdfTaskAnswer & { ok: true }>((resolve, reject) => {
      const job: Job = {
        task,
        resolve,
        reject,
        isPublic,
        expiry: setTimeout(() => {
          const at = this.queue.indexOf(job);
          if (at < 0) return;
          this.queue.splice(at, 1);
          reject(new HttpError(503, PDF_BUSY_MESSAGE));
        }, this.budget.timeoutMs),
      };
      this.queue.push(job);
      this.pump();
    }).finally(() => {
      if (isPublic) this.publicJobs--;
    });
  }

  /** Public jobs taken from the queue and not yet finished. */
  private publicRunning = 0;

  /** The next job to start: the first signed-in one, else the first public one if the public share allows. */
  private next(): Job | undefined {
    let at = this.queue.findIndex((j) => !j.isPublic);
    if (at < 0 && this.publicRunning < this.publicWorkers) at = this.queue.findIndex((j) => j.isPublic);
    if (at < 0) return undefined;
    const job = this.queue.splice(at, 1)[0]!;
    // Counted as it leaves the queue, not once its worker is ready, so one pump cannot hand out more.
    if (job.isPublic) this.publicRunning++;
    return job;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      clearTimeout(job.expiry);
      job.reject(new HttpError(503, PDF_BUSY_MESSAGE));
    }
    const idle = this.idle.splice(0).map(({ worker, reaper }) => {
      clearTimeout(reaper);
      return worker;
    });
    await Promise.all([...idle, ...this.busy].map((w) => w.terminate()));
  }

  private pump(): void {
    while (this.queue.length && (this.idle.length || this.live < this.budget.workers)) {
      const job = this.next();
      if (!job) return;
      clearTimeout(job.expiry);
      const idle = this.idle.pop();
      if (idle) {
        clearTimeout(idle.reaper);
        this.start(idle.worker, job);
        continue;
      }
      this.live++;
      this.spawn().then(
        (worker) => this.start(worker, job),
        (e: unknown) => {
          this.live--;
          if (job.isPublic) this.publicRunning--;
          job.reject(e);
          this.pump();
        },
      );
    }
  }

  /** A new worker, once its modules are loaded (so loading is not counted against a job's time). */
  private spawn(): Promise<Worker> {
    const worker = new Worker(BOOT, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: this.budget.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    return new Promise((resolve, reject) => {
      const onReady = (m: unknown) => {
        if (m !== 'ready') return;
        worker.off('error', onError);
        resolve(worker);
      };
      const onError = (e: Error & { code?: string }) => {
        worker.off('message', onReady);
        void worker.terminate();
        reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new OverBudget(503, PDF_MEMORY_MESSAGE) : e);
      };
      worker.once('message', onReady);
      worker.once('error', onError);
      // An idle worker that dies (it should not) leaves the pool; a busy one is handled by its job.
      worker.on('error', () => undefined);
      worker.on('exit', () => {
        const at = this.idle.findIndex((w) => w.worker === worker);
        if (at < 0) return;
        clearTimeout(this.idle[at]!.reaper);
        this.idle.splice(at, 1);
        this.live--;
      });
    });
  }

  private start(worker: Worker, job: Job): void {
    this.running++;
    this.started++;
    this.busy.add(worker);
    worker.ref();
    let done = false;
    const finish = (outcome: { answer: TPdfTaskAnswer } | { error: unknown }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      this.running--;
      if (job.isPublic) this.publicRunning--;
      this.busy.delete(worker);
      if ('answer' in outcome) {
        this.release(worker);
        if (outcome.answer.ok) job.resolve(outcome.answer);
        else job.reject(new Error(outcome.answer.error));
      } else {
        this.live--;
        void worker.terminate();
        job.reject(outcome.error);
      }
      this.pump();
    };
    const onMessage = (answer: TPdfTaskAnswer) => finish({ answer });
    const onError = (e: { code?: string }) =>
      finish({
        error: e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new OverBudget(503, PDF_MEMORY_MESSAGE) : e,
      });
    const onExit = () => finish({ error: new Error('A PDF worker stopped unexpectedly.') });
    const timer = setTimeout(
      () => finish({ error: new OverBudget(503, PDF_TIMEOUT_MESSAGE) }),
      this.budget.timeoutMs,
    );
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage(job.task);
  }

  private release(worker: Worker): void {
    if (this.closed) {
      this.live--;
      void worker.terminate();
      return;
    }
    // An idle worker must not keep the process alive.
    worker.unref();
    const reaper = setTimeout(() => {
      const at = this.idle.findIndex((w) => w.worker === worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.live--;
      void worker.terminate();
    }, IDLE_MS);
    reaper.unref();
    this.idle.push({ worker, reaper });
  }
}

export type PdfWorkers = {
  /**
   * A built PDF; 503 with a message when the build goes over its budget or too many wait. A public build (no
   * sign-in) waits behind every signed-in one and takes at most all workers but one.
   */
  build: (build: TPdfBuild, files: TPdfFiles, opts?: { isPublic?: boolean }) => Promise<Uint8Array>;
  /** Why an uploaded PDF is refused (its page tree over the limits), or null. */
  inspectPdf: (bytes: Uint8Array) => Promise<string | null>;
  /** The PDF's first page as a small PNG (pdf-thumbnail.ts); rejects when it cannot be drawn or waits too long. */
  thumbnail: (bytes: Uint8Array) => Promise<Uint8Array>;
  /** Builds under way now (tests watch a build start). */
  readonly running: number;
  /** Builds sent to a worker since the start (tests see that a route builds off the event loop). */
  readonly started: number;
  close: () => Promise<void>;
};

export function createPdfWorkers(
  budget: TPdfBudget,
  store: TFileStoreSettings = { kind: 'folder' },
): PdfWorkers {
  const builds = new WorkerPool(budget);
  const checks = new WorkerPool({ workers: 1, timeoutMs: CHECK_TIMEOUT_MS, memoryMb: budget.memoryMb });
  const thumbs = new WorkerPool({ workers: 1, timeoutMs: THUMBNAIL_TIMEOUT_MS, memoryMb: budget.memoryMb });
  return {
    build: async (build, files, opts) =>
      (await builds.run({ ...build, ...files, store }, opts?.isPublic)).result as Uint8Array,
    inspectPdf: async (bytes) => {
      try {
        return (await checks.run({ kind: 'inspect', bytes })).result as string | null;
      } catch (e) {
        // A file that takes the checker over its budget is refused, not kept for a build to trip on.
        if (e instanceof OverBudget) return PDF_TOO_COMPLEX_MESSAGE;
        throw e;
      }
    },
    thumbnail: async (bytes) => (await thumbs.run({ kind: 'thumbnail', bytes })).result as Uint8Array,
    get running() {
      return builds.running;
    },
    get started() {
      return builds.started;
    },
    close: async () => {
      await Promise.all([builds.close(), checks.close(), thumbs.close()]);
    },
  };
}
