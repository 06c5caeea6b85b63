/**
 * broadcast-channel's leader election (RxDB's, one leading tab per device) gives up leadership
 * when the page goes through the `unload` package, which listens for the deprecated `unload`
 * event: Chromium reports it as a deprecated API and it keeps the page out of the back/forward
 * cache. The build resolves that import to client/lib/page-exit.ts, the same API on `pagehide`.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PAGE_EXIT = fileURLToPath(new URL('../client/lib/page-exit.ts', import.meta.url));

/** Resolves broadcast-channel's `import … from 'unload'` to the app's page-exit module. */
export function pageExitForUnload(): Plugin {
  return {
    name: 'page-exit-for-unload',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'unload' && importer && /[\\/]broadcast-channel[\\/]/.test(importer)) {
        return PAGE_EXIT;
      }
      return null;
    },
  };
}
