/**
 * The client's one retry pacing: waits that grow (doubling, or by the base each time) up to a cap,
 * shortened by a random share so devices that failed together do not retry together, and back to
 * the start after a success. `sleep` waits and gives up when its signal aborts.
 */

export interface BackoffPolicy {
  /** The first wait. */
  baseMs: number;
  /** No wait is longer. */
  maxMs: number;
  /** 'exponential' (default): base × 2^n; 'linear': base × (n + 1). */
  growth?: 'exponential' | 'linear';
  /** Share of each wait taken off at random, 0–1 (default 0.2: 80–100 % of the wait). */
  jitter?: number;
}

const DEFAULT_JITTER = 0.2;

export class Backoff {
  private failures = 0;

  constructor(
    readonly policy: BackoffPolicy,
    private readonly random: () => number = Math.random,
  ) {}

  /** Waits handed out since the last reset. */
  get attempts(): number {
    return this.failures;
  }

  /** The wait before the next try; each call returns a longer one, up to the cap. */
  next(): number {
    this.failures += 1;
    return this.waitAfter(this.failures);
  }

  /**
   * The wait after `failures` failed tries in a row (1: the first), for a loop that keeps its own
   * count (an upload's tries survive a reload).
   */
  waitAfter(failures: number): number {
    const { baseMs, maxMs, growth = 'exponential', jitter = DEFAULT_JITTER } = this.policy;
    const n = Math.max(failures, 1) - 1;
    const full = Math.min(growth === 'linear' ? baseMs * (n + 1) : baseMs * 2 ** n, maxMs);
    return Math.round(full * (1 - Math.min(Math.max(jitter, 0), 1) * this.random()));
  }

  /** After a success: the next wait is the first one again. */
  reset(): void {
    this.failures = 0;
  }
}

/** Resolves after `ms`; rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
