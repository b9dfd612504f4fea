/**
 * What the server itself says on the documented case-file calls: the spec's answer messages, and the NUL guard
 * every case-file input passes. The request schemas are the REST wire parsers in shared-types
 * (case-files/case-files.wire.ts), the answers' schemas are in case-files.types.ts.
 */

export const MSG_PENDING_TAG_INSERTED = 'Pending Tag Inserted Successfully!';
export const MSG_PENDING_TAG_REMOVED = 'Pending Tag Remove Successfully!';
export const MSG_HEARING_ADDED = 'Hearing Date Added Successfully!';
export const MSG_HEARING_REMOVED = 'Hearing Date & Calendar Event Remove Successfully!';
export const MSG_FILES_UPLOADED = 'Files Uploaded Successfully!';
export const MSG_SELECT_FILE = 'Select a File Before Uploading.';

/**
 * Whether any text in a request holds a NUL character. PostgreSQL refuses NUL in text values (the query
 * fails, which would be a 500), SQLite would store it silently; no real case data contains one.
 */
export function containsNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (depth > 8 || !v || typeof v !== 'object' || Buffer.isBuffer(v)) return false;
  return Object.entries(v).some(([k, x]) => k.includes('\u0000') || containsNul(x, depth + 1));
}
export const MSG_NUL = 'The request contains a character that is not allowed.';
