/**
 * zod compiles a fast parser for each object schema with `new Function` where it may, and finds out
 * whether it may by trying: under the gateway's CSP (no 'unsafe-eval') that try is a CSP violation,
 * reported on every page that builds a form's schema. The app's schemas are small; the
 * interpreted parser is the one used. Evaluated before any schema is built (client/main.tsx).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
