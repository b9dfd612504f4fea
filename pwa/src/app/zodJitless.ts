// zod compiles object parsers with `new Function` unless told not to, and probes for it when a schema is
// built: the page's CSP (script-src 'self', no 'unsafe-eval') refuses it, and even the caught probe is
// reported as a CSP violation. So it is told before any schema exists (boot.ts imports this module first).
//
// Told through the object zod adopts as its config when it loads (`globalThis.__zod_globalConfig`, the one
// its copies share) rather than through zod's `config()`: importing that would put zod's core in the app's
// first load, which builds no schema. zodJitless.test.ts checks that zod reads it and never generates code.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;

export {};
