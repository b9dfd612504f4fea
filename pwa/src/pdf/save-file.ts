/**
 * Hands a made file to the browser as a download: an object URL clicked through an <a download>, which works
 * offline and on phones (no new tab to block). The URL is revoked a minute later, not at once: some browsers
 * read it only after the click has returned.
 */
export function saveFile(bytes: Uint8Array | Blob, name: string, type = 'application/pdf'): void {
  // A Blob (a download gathered in parts) is handed over as it is: a copy of a large one would double it.
  const url = URL.createObjectURL(bytes instanceof Blob ? bytes : new Blob([bytes.slice()], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
