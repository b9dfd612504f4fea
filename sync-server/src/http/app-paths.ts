import { existsSync, readFileSync } from 'node:fs';

/**
 * Whether a path is one of the app's screens, from the route patterns the build wrote (react-router's:
 * `:param` one segment, `:param?` an optional one, `*` the rest; case-insensitive, a trailing slash ignored).
 * Without the file (an older build) every path counts as a screen.
 */
export function appPathMatcher(file: string): (path: string) => boolean {
  if (!existsSync(file)) return () => true;
  const patterns = JSON.parse(readFileSync(file, 'utf8')) as string[];
  const sources = patterns.map((p) =>
    p
      .split('/')
      .filter(Boolean)
      .map((seg) =>
        seg === '*'
          ? '(?:/.*)?'
          : seg.startsWith(':')
            ? seg.endsWith('?')
              ? '(?:/[^/]+)?'
              : '/[^/]+'
            : `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      )
      .join(''),
  );
  const all = new RegExp(`^(?:${sources.map((s) => s || '').join('|')})/?$`, 'i');
  return (path) => {
    try {
      return all.test(decodeURI(path));
    } catch {
      return false;
    }
  };
}
