/**
 * The `unload` package's API (add, runAll, removeAll, getSize), which broadcast-channel's leader
 * election uses to give up leadership when the page goes: the build puts this module in its place
 * (scripts/build-settings.ts). The package listens for the deprecated `unload` event, which keeps a
 * page out of the back/forward cache; this listens for `pagehide`, fired wherever `unload` was
 * (closing the tab, leaving the page, an iframe removed), and for `beforeunload` as the package does.
 */

type ExitListener = () => unknown;

const listeners = new Set<ExitListener>();
let listening = false;

/** Runs every listener once (each is removed as it runs). */
export function runAll(): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const fn of listeners) {
    listeners.delete(fn);
    results.push(fn());
  }
  return Promise.all(results);
}

function startListening(): void {
  if (listening) return;
  listening = true;
  const scope = globalThis as typeof globalThis & { WorkerGlobalScope?: unknown };
  if (typeof scope.WorkerGlobalScope === 'function' && typeof window === 'undefined') {
    // A worker has no exit event: its own close() is the one moment to run them.
    const close = self.close.bind(self);
    self.close = () => {
      void runAll();
      close();
    };
    return;
  }
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  window.addEventListener('beforeunload', () => void runAll(), true);
  window.addEventListener('pagehide', () => void runAll(), true);
}

/** Calls `fn` once when the page goes; the handle removes it, or runs it now. */
export function add(fn: ExitListener): { remove(): boolean; run(): unknown } {
  startListening();
  if (typeof fn !== 'function') throw new Error('Listener is no function');
  listeners.add(fn);
  return {
    remove: () => listeners.delete(fn),
    run: () => {
      listeners.delete(fn);
      return fn();
    },
  };
}

export function removeAll(): void {
  listeners.clear();
}

export function getSize(): number {
  return listeners.size;
}
