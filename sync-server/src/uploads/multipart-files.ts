import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { receivedFiles, type TFileParts } from '../http/request-body.ts';
import type { DocumentCheck, DocumentKind } from './sniff-document.ts';
import { checkFileAt } from './upload-check.ts';

export type ReceivedFile = {
  /** The name the browser sent (files[i]'s file name), before any cleaning. */
  filename: string;
  /** A private temporary file holding the bytes, on the same disk as the blob store (moved, not copied). */
  path: string;
  sha256: string;
  size: number;
  /** The type the bytes themselves show, or null when they are none of the accepted documents. */
  kind: DocumentKind | null;
  /** The whole check of the file's bytes (upload-check.ts), or null for an empty file. */
  check: DocumentCheck | null;
};

export const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** The attachment call's file parts (its `config.files`): read to disk by the request-body plugin. */
export const ATTACHMENT_FILES: TFileParts = {
  maxFiles: 50,
  maxFileBytes: MAX_FILE_BYTES,
  tooLarge: 'A file may not be greater than 25 MB.',
};

/**
 * The text fields and the files (any field named files…, file…) of a multipart body, each file hashed and
 * checked. The files are temporary: the request-body plugin removes them when the answer is sent, and
 * discardFiles() does so at once.
 */
export async function receiveFiles(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  if (!req.isMultipart()) throw new HttpError(422, 'Send the files as multipart/form-data.');
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>))
    if (typeof v === 'string') fields[k] = v;
  const files: ReceivedFile[] = [];
  for (const f of receivedFiles(req)) {
    if (!/^files?(\[|$)/.test(f.fieldname)) continue;
    // Checked one file at a time (after the sign-in check, up to the route's size cap), from its file with
    // bounded memory: only a PDF or an XML file is read whole, and only two of those at once per process.
    const check = f.size ? (await checkFileAt(f.path, req.server.pdfWorkers)).check : null;
    files.push({ ...f, kind: check?.ok ? check.kind : null, check });
  }
  return { fields, files };
}

/** Removes what receiveFiles() left (files already moved into the store are simply gone). */
export async function discardFiles(files: readonly ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.path, { force: true })));
}
