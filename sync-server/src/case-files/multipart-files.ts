import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { newId } from '../db/ids.ts';
import { HttpError } from '../http/errors.ts';
import { containsNul, MSG_NUL } from './case-files.schema.ts';
import { sniffDocument, type DocumentKind } from '../uploads/sniff-document.ts';

/**
 * The app collects every multipart body for its handlers with `attachFieldsToBody: 'keyValues'`, which keeps
 * a file's bytes but drops its name (checked in @fastify/multipart 9: the body value is the part's `_buf`).
 * An attachment's name is part of the contract (file_name, title, its storage URL), so this route reads the
 * parts itself: this onRequest hook hides the body from that app-wide hook (which only runs when
 * isMultipart() is true), and receiveFiles() lifts the mask and reads the parts with req.parts().
 */
export async function keepMultipartForHandler(req: FastifyRequest): Promise<void> {
  Object.defineProperty(req, 'isMultipart', { value: () => false, configurable: true, writable: true });
}

export type ReceivedFile = {
  /** The name the browser sent (files[i]'s file name), before any cleaning. */
  filename: string;
  /** A private temporary file holding the bytes, on the same disk as the blob store (moved, not copied). */
  path: string;
  sha256: string;
  size: number;
  /** The type the bytes themselves show, or null when they are none of the accepted documents. */
  kind: DocumentKind | null;
};

export const MAX_FILE_BYTES = 25 * 1024 * 1024;
const MAX_FILES = 50;

/**
 * Reads a multipart body: text fields, and every file part (any field named files…, file…) into a
 * temporary file, hashed and sniffed. One file is in memory at a time. The caller removes the temporary
 * files with discardFiles() whatever happens (they are also removed here when reading fails).
 */
export async function receiveFiles(
  req: FastifyRequest,
  tmpDir: string,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  Reflect.deleteProperty(req, 'isMultipart');
  if (!req.isMultipart()) throw new HttpError(422, 'Send the files as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  await mkdir(tmpDir, { recursive: true });
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!/^files?(\[|$)/.test(part.fieldname)) {
        part.file.resume();
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'A file may not be greater than 25 MB.');
        throw e;
      }
      // An empty file input still sends a part, with no name and no bytes: nothing was chosen.
      if (!bytes.length && !part.filename) continue;
      const path = join(tmpDir, `${newId()}.part`);
      await writeFile(path, bytes, { mode: 0o600 });
      files.push({
        filename: part.filename,
        path,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
        kind: bytes.length ? sniffDocument(bytes) : null,
      });
    }
    if (containsNul(fields)) throw new HttpError(422, MSG_NUL);
  } catch (e) {
    await discardFiles(files);
    if ((e as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new HttpError(413, `Upload at most ${MAX_FILES} files at a time.`);
    throw e;
  }
  return { fields, files };
}

/** Removes what receiveFiles() left (files already moved into the store are simply gone). */
export async function discardFiles(files: readonly ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.path, { force: true })));
}
