/**
 * zod compiles a fast parser for each object schema with `new Function` where it may, and finds out
 * whether it may by trying: under the gateway's CSP (no 'unsafe-eval') that try is a CSP violation,
 * reported on every page that builds a form's schema. The app's schemas are small; the
 * interpreted parser is the one used. Evaluated before any schema is built (client/main.tsx).
 *
 * Set through the object zod keeps its global config in (zod's `config()` writes the same one):
 * importing `config` would draw zod's core into the first screen's code.
 */

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
