import { describe, expect, it } from 'vitest';
import { fileNameOf, progressText, readWithProgress, type TDownloadProgress } from './firm-export.logic.ts';

/** An answer whose body arrives in the given pieces, as a slow network hands them over. */
function answer(pieces: Uint8Array[], headers: Record<string, string>): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of pieces) c.enqueue(p);
      c.close();
    },
  });
  return new Response(body, { headers });
}

describe('firm export download', () => {
  it('reports each piece as it arrives and keeps every byte, in order', async () => {
    const pieces = [new Uint8Array([1, 2, 3]), new Uint8Array([4]), new Uint8Array([5, 6])];
    const seen: TDownloadProgress[] = [];
    const blob = await readWithProgress(
      answer(pieces, { 'Content-Type': 'application/zip', 'X-Export-Estimated-Bytes': '4' }),
      (p) => seen.push(p),
    );
    expect(seen.map((p) => p.received)).toEqual([0, 3, 4, 6]);
    expect(seen.every((p) => p.expected === 4)).toBe(true);
    expect(blob.type).toBe('application/zip');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('says how far it has come against the estimate, and only what came once past it or without one', () => {
    expect(progressText({ received: 1.25 * 1024 * 1024, expected: 40 * 1024 * 1024 })).toBe(
      'Downloaded 1.3 MB of about 40.0 MB',
    );
    expect(progressText({ received: 41 * 1024 * 1024, expected: 40 * 1024 * 1024 })).toBe(
      'Downloaded 41.0 MB',
    );
    expect(progressText({ received: 0, expected: null })).toBe('Downloaded 0.0 MB');
  });

  it('names the file as the server does, Urdu and all', () => {
    const header = `attachment; filename="____ data 2026-11-28.zip"; filename*=UTF-8''${encodeURIComponent('خان اینڈ کو data 2026-11-28.zip')}`;
    expect(fileNameOf(header, 'x.zip')).toBe('خان اینڈ کو data 2026-11-28.zip');
    expect(fileNameOf('attachment; filename="Khan data.zip"', 'x.zip')).toBe('Khan data.zip');
    expect(fileNameOf(null, 'firm-data.zip')).toBe('firm-data.zip');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4", 'firm-data.zip')).toBe('firm-data.zip');
  });
});
