/**
 * The Content-Disposition of a download (DESIGN §7, RFC 6266): an ASCII fallback name for old clients plus
 * the exact UTF-8 name, so an Urdu file name survives.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
