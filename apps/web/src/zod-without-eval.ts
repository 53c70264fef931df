// Zod compiles object parsers with `new Function` when it may, and probes for that when the
// first object schema is built. Under the server's CSP (script-src 'self', no 'unsafe-eval')
// the probe fails quietly but Chrome still reports a CSP violation (Lighthouse's best-practices
// "inspector issues"). The app parses a few small objects; the interpreted parser is plenty.
// Zod reads its settings from this global when it loads, so this must run before zod does:
// main.tsx imports it first, and vite.config.ts keeps it in a chunk of its own.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
