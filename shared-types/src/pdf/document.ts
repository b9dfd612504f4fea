import type { TLoadBytes } from './types.ts';

/**
 * A document printed from one row of an entity (an invoice): its PDF, and the mail that carries it. Declared
 * on the entity (`document:` in defineEntity), so the server's download route and signed links, the mail
 * outbox's maker and the device's offline download all come from the declaration: the next entity with a
 * PDF declares it and writes only its builder.
 *
 * What a builder reads is the same on every side: the row, its live child rows (of the entities named in
 * `children`, whose `parents` name this entity), and the firm's settings row, as devices receive them (wire
 * values: flags as booleans, JSON parsed).
 */
export type TDocumentInput = {
  row: Record<string, unknown>;
  /** Live rows of each child entity, by entity name (the builder puts them in its order). */
  children: Readonly<Record<string, readonly Record<string, unknown>[]>>;
  /** The firm's settings row (site name, headings), or null before the firm has one. */
  settings: Record<string, unknown> | null;
};

/** A mail that carries the document: to whom, its subject and text (the PDF is attached). */
export type TDocumentMail = { to: string[]; subject: string; body: string };

/** The builder's module, loaded only when a document is made (pdf-lib is a chunk of its own on the device). */
export type TDocumentModule = {
  build: (input: TDocumentInput, loadBytes: TLoadBytes) => Promise<Uint8Array>;
  fileName: (input: TDocumentInput) => string;
  /** The mail's text, for entities whose saves mail the document (`mailWhen`). */
  mail?: (input: TDocumentInput) => TDocumentMail;
};

export type TDocumentDecl = {
  /** What the document is called in messages ("invoice"). */
  noun: string;
  /** The download route: GET /api/pdf/{path}/{id} (a signed link or a bearer token). */
  path: string;
  /** Child entities the document prints (each declares this entity among its `parents`). */
  children: readonly string[];
  load: () => Promise<TDocumentModule>;
  /**
   * Whether a save mails the document (a new row: `before` null). The mail goes to `mail(input).to`, queued
   * with the save and its PDF made just after the commit.
   */
  mailWhen?: (
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
    changed: string[],
  ) => boolean;
  /** The name queued mails give the PDF's maker (kept as mails already queued name it). */
  mailSource?: string;
};

/** The path of a row's document download (the route the signed link names). */
export const documentPdfPath = (doc: Pick<TDocumentDecl, 'path'>, id: string) =>
  `/api/pdf/${doc.path}/${encodeURIComponent(id)}`;

/** The name queued mails give the maker of an entity's document. */
export const documentMailSource = (entity: string, doc: Pick<TDocumentDecl, 'mailSource'>) =>
  doc.mailSource ?? `${entity}-pdf`;

/** The child rows of a document input, with the parent row's own order left to the builder. */
export const childRows = (input: TDocumentInput, entity: string): readonly Record<string, unknown>[] =>
  input.children[entity] ?? [];
