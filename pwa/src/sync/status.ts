/** What the header and the screens show about syncing (DESIGN §8). */
export type TSyncStatus = {
  /** The browser says it is online and the last request reached the server. */
  online: boolean;
  syncing: boolean;
  /** Changes on this device the server has not confirmed yet. */
  pending: number;
  /** Changes the server refused (kept, with the reason, until the user discards them). */
  rejected: number;
  /** Unresolved conflicts the user can see. */
  conflicts: number;
  /** First download (or a fresh start): rows received so far of the total. */
  firstSync: { done: number; total: number } | null;
  /** Attachment upload in progress: files done of files to send, and bytes of the current one. */
  uploading: { done: number; total: number; sent: number; size: number } | null;
  lastSyncAt: string | null;
  /** The last sync's failure in words a user can act on; null after a good sync. */
  error: string | null;
  /** No usable session: nothing is sent until the user signs in again; the queue is kept. */
  paused: boolean;
};

/**
 * What the browser says of the network; online where it cannot say (no navigator, or one without onLine, such
 * as the one pdf.js defines under Node): a sync is then tried, and its failure is what tells.
 */
export const browserOnline = (): boolean =>
  typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean' ? true : navigator.onLine;

export const INITIAL_STATUS: TSyncStatus = {
  online: browserOnline(),
  syncing: false,
  pending: 0,
  rejected: 0,
  conflicts: 0,
  firstSync: null,
  uploading: null,
  lastSyncAt: null,
  error: null,
  paused: false,
};
