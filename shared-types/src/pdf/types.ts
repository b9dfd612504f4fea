import type { TScriptFont } from './text/bidi.ts';

export type { TScriptFont };

/**
 * What a PDF builder asks its host for: the two fonts, and the bytes of a stored file. The server reads them
 * from node_modules and its file store, the PWA from its precache and its local blobs; the builders stay the
 * same code on both (DESIGN §6).
 */
export type TPdfAsset = { kind: 'font'; font: TScriptFont } | { kind: 'file'; sha256: string; name: string };

/** The bytes, or null when they are not there (a file never downloaded to this device, a lost blob). */
export type TLoadBytes = (asset: TPdfAsset) => Promise<Uint8Array | null>;

/** Called after each attachment is placed, so a screen can show how far a long build has got. */
export type TOnProgress = (done: number, total: number) => void;

export type TPdfHost = { loadBytes: TLoadBytes; onProgress?: TOnProgress };

export type TPdfAttachment = {
  sha256: string;
  file_name: string;
  mime_type: string;
  title: string | null;
};

/** An index item or a reply: the "indexed document" of the case file. */
export type TPdfDocumentEntry = {
  description: string;
  /** ISO YYYY-MM-DD. */
  date: string | null;
  annexure: string | null;
  page_info: string | null;
  /** In display order. */
  attachments: TPdfAttachment[];
};

export type TPdfCaseHeader = {
  court: string | null;
  /** The case category's abbreviation (W.P., C.R., …), or its title when it has none. */
  caseType: string | null;
  caseNo: string;
  year: number | null;
  title: string;
  petitioners: string[];
  opponents: string[];
  lawyers: string[];
  /** ISO dates. */
  institutionDate: string | null;
  nextHearing: string | null;
  pendingTag: string | null;
};

/** A further list of a case file (a standard index list…): its title and its items in display order. */
export type TPdfSection = { title: string; entries: TPdfDocumentEntry[] };

export type TCaseFilePdfData = TPdfHost & {
  siteName: string | null;
  caseFile: TPdfCaseHeader;
  /** Index items in display order. */
  index: TPdfDocumentEntry[];
  /** The case's other lists in the case's order, each after the index's documents: its table, then its files. */
  sections?: TPdfSection[];
};

export type TDocumentPdfData = TPdfHost & {
  siteName: string | null;
  caseFile: TPdfCaseHeader;
  /** 'Index' or 'Reply': what the document is, printed above it. */
  kind: string;
  document: TPdfDocumentEntry;
};

export type TPendingCaseRow = {
  pendingTag: string | null;
  title: string;
  caseType: string | null;
  caseNo: string;
  year: number | null;
  court: string | null;
};

export type TPendingCasesPdfData = Omit<TPdfHost, 'onProgress'> & {
  siteName: string | null;
  rows: TPendingCaseRow[];
  /** ISO date the list is printed on. */
  today: string;
};

export type TOrderSheetRow = { date: string; type: string | null };

export type TOrderSheetsPdfData = Omit<TPdfHost, 'onProgress'> & {
  siteName: string | null;
  caseFile: TPdfCaseHeader;
  /** Hearing dates in date order. */
  sheets: TOrderSheetRow[];
};
