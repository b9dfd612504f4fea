/**
 * A small initials avatar as an SVG data URL: reviews carry an image without loading anything from another
 * site, and the page stays complete offline.
 */
const COLOURS = ['#0b3d5c', '#7a4b12', '#1a6b4f', '#5b2a6e', '#8a2d2d', '#2d5a8a'];

export function initialsAvatar(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .replace(/[<>&"]/g, '');
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const colour = COLOURS[hash % COLOURS.length]!;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="48" fill="${colour}"/>` +
    `<text x="48" y="50" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="36" font-weight="600" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
