/** The names attached files are kept under (every owner kind's the same). */

export const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The name kept as file_name: the browser's name without any folder, control characters or the characters
 * that would break the storage URL the original client builds by pasting the name in (#, ?, %), and short
 * enough for the column (the extension is kept).
 */
export function cleanFileName(raw: string): string {
  const base = [...(raw.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/[#?%]/g, '_')
    .trim();
  if (base.length <= 200) return base || 'file';
  const ext = extensionOf(base);
  return `${base.slice(0, 190 - ext.length)}.${ext}`;
}

export const stemOf = (name: string) => name.replace(/\.[^.]*$/, '');

/** Two files of one owner never share a name, or their storage URL would be ambiguous: "scan (2).png". */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  const ext = extensionOf(name);
  for (let n = 2; taken.has(candidate); n++) candidate = `${stemOf(name)} (${n})${ext ? `.${ext}` : ''}`;
  taken.add(candidate);
  return candidate;
}
