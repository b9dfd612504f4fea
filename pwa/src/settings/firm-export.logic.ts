/** The firm's data, taken out: GET /api/firm_export answers one zip, read here as it arrives. */
export const FIRM_EXPORT_PATH = '/api/firm_export';

/** How far a download has come: bytes received, and about how many there will be when the server can say. */
export type TDownloadProgress = { received: number; expected: number | null };

/** The saved file's name from a Content-Disposition header (its UTF-8 form first), else `fallback`. */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const utf8 = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Reads an answer's body to its end, reporting progress after each piece, and hands back the pieces as one
 * Blob (which the browser may keep on disk: a firm's files can be larger than a phone's free memory).
 */
export async function readWithProgress(
  res: Response,
  onProgress: (p: TDownloadProgress) => void,
): Promise<Blob> {
  const header = Number(res.headers.get('X-Export-Estimated-Bytes'));
  const expected = Number.isFinite(header) && header > 0 ? header : null;
  const type = res.headers.get('Content-Type') ?? 'application/octet-stream';
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, expected });
  if (!res.body) return new Blob([await res.arrayBuffer()], { type });
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress({ received, expected });
  }
  return new Blob(parts, { type });
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * What the screen says while downloading: "Downloaded 1.2 MB of about 40.0 MB", or only what has come when
 * the estimate is unknown or already passed (it counts the stored files, not the deflated records).
 */
export function progressText(p: TDownloadProgress): string {
  return p.expected !== null && p.received <= p.expected
    ? `Downloaded ${mb(p.received)} of about ${mb(p.expected)}`
    : `Downloaded ${mb(p.received)}`;
}
