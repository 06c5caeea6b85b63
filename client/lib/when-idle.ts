/** Runs `run` once the page is idle (or after `timeoutMs` at the latest); returns a cancel function. */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/**
 * Lets the browser paint and handle input before the caller goes on: long work (opening the device
 * database, starting its replications) split at these points runs as several short tasks instead
 * of one long one (architecture §11: no main-thread task over 50 ms on a slow phone).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
