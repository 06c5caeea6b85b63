/** The client's one retry pacing and its abortable sleep. */
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_ATTEMPTS, uploadBackoffMs } from '@couchdb/model/constants';
import { UPLOAD_RETRY } from '@client/data/media/media-outbox';
import { Backoff, sleep } from '@client/lib/backoff';

const waits = (backoff: Backoff, n: number) => Array.from({ length: n }, () => backoff.next());

describe('Backoff', () => {
  it('doubles from the base up to the cap when no jitter is drawn', () => {
    const backoff = new Backoff({ baseMs: 200, maxMs: 3_000 }, () => 0);
    expect(waits(backoff, 6)).toEqual([200, 400, 800, 1_600, 3_000, 3_000]);
    expect(backoff.attempts).toBe(6);
  });

  it('takes at most the jitter share off each wait, never adding to it', () => {
    const highest = new Backoff({ baseMs: 1_000, maxMs: 60_000, jitter: 0.5 }, () => 0.999_999);
    expect(waits(highest, 3)).toEqual([500, 1_000, 2_000]);
    const draws = new Backoff({ baseMs: 1_000, maxMs: 60_000 });
    for (const [i, wait] of waits(draws, 8).entries()) {
      const full = Math.min(1_000 * 2 ** i, 60_000);
      expect(wait).toBeGreaterThanOrEqual(full * 0.8);
      expect(wait).toBeLessThanOrEqual(full);
    }
  });

  it('starts again from the base after a reset', () => {
    const backoff = new Backoff({ baseMs: 1_000, maxMs: 30_000 }, () => 0);
    waits(backoff, 4);
    backoff.reset();
    expect(backoff.attempts).toBe(0);
    expect(backoff.next()).toBe(1_000);
  });

  it('stays finite after many failures', () => {
    const backoff = new Backoff({ baseMs: 1_000, maxMs: 60_000 }, () => 0);
    expect(waits(backoff, 2_000).at(-1)).toBe(60_000);
  });

  it('paces media uploads as the spec says: 1 s times the attempt, exactly', () => {
    const backoff = new Backoff(UPLOAD_RETRY);
    const attempts = Array.from({ length: UPLOAD_MAX_ATTEMPTS }, (_, i) => i + 1);
    expect(attempts.map((n) => backoff.waitAfter(n))).toEqual(attempts.map(uploadBackoffMs));
    expect(waits(backoff, UPLOAD_MAX_ATTEMPTS)).toEqual(attempts.map(uploadBackoffMs));
  });
});

describe('sleep', () => {
  it('resolves after the wait', async () => {
    const started = performance.now();
    await sleep(20);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('rejects with the reason as soon as its signal aborts', async () => {
    const controller = new AbortController();
    const slept = sleep(60_000, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(slept).rejects.toThrow('stopped');
  });

  it('rejects at once when the signal has already aborted', async () => {
    await expect(sleep(60_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});
