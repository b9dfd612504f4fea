// The app's entry chunk is loaded by an import() (the start script waits for the prerendered page's first
// paint), so the bundler cannot count on it being there before the lazily loaded screens, and every small
// module shared by the entry and a screen became a chunk of its own: React, the session, permissions, the
// API helper, the messages, half a kilobyte each, each a request and a gzip stream of its own on every start.
// They go together in one `core` chunk instead (measured: /dashboard's initial JS 150.1 -> 148.9 kB gzipped,
// 23 -> 17 files).
const MODULES = [
  'pwa/src/auth/session.ts',
  'pwa/src/http/client.ts',
  'shared-types/src/auth/permissions.ts',
  'shared-types/src/reference-data/modules.ts',
  'shared-types/src/common/messages.ts',
];

const escaped = (path: string) => path.replace(/[.]/g, '\\.').replace(/\//g, '[\\\\/]');

/** Module ids of the core chunk: the files above and React itself. */
export const CORE_MODULES = new RegExp(
  `[\\\\/](?:${MODULES.map(escaped).join('|')})$|[\\\\/]node_modules[\\\\/]react[\\\\/]`,
);
