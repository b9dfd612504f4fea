// React Router's package points every import at its development build, and its module-level code keeps all
// of it in the bundle whatever the app uses: `Form.displayName = "Form"` and calls such as
// `React.forwardRef(...)` count as side effects, so Form, ScrollRestoration, fetchers and the framework-mode
// parts stay in the app's first load although nothing renders them. For builds this plugin uses the package's
// own production build and tells the bundler that those statements have no effect of their own, so what the
// app does not use is left out (measured: react-router in the entry chunk 13.6 → 11.8 kB gzipped).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const PRODUCTION = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

/** Top-level `Name.displayName = "..."`: a label for React's developer tools, which production never reads. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** `React.createContext(`, `React10.forwardRef(`, `React3.memo(`: pure calls, marked so for the tree-shaker. */
const PURE_CALL = /(?<!\/\* @__PURE__ \*\/ )\b(React\d*\.(?:createContext|forwardRef|memo)\()/g;

/** The source rewrite, exported for its test. */
export function leanReactRouter(code: string): string {
  return code.replace(DISPLAY_NAME, '').replace(PURE_CALL, '/* @__PURE__ */ $1');
}

export function reactRouterLean(): Plugin {
  const require = createRequire(import.meta.url);
  const production = join(dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');
  return {
    name: 'react-router-lean',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^react-router$/ },
      handler: () => production,
    },
    transform: {
      filter: { id: PRODUCTION },
      handler: (code) => ({ code: leanReactRouter(code), map: null }),
    },
  };
}
