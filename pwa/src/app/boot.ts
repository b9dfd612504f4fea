import { config } from 'zod/v4/core';

// The first module the app runs (main.tsx imports it before anything else).
//
// zod compiles object parsers with `new Function` unless told not to, and probes for it when a schema is
// built: the page's CSP (script-src 'self', no 'unsafe-eval') refuses it, and even the caught probe is
// reported as a CSP violation. Off before any schema exists: zod is only in chunks loaded after this ran.
config({ jitless: true });
