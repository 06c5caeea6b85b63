/** Growing delays: the free attempts, then waits that double up to the cap; a key forgets in time. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AttemptLimiter,
  delayAfter,
  type AttemptPolicy,
} from '../../../../sync-server/services/limits/attempt-limiter';
import { MemoryLimitStore } from '../../../../sync-server/services/limits/limit-store';

const policy: AttemptPolicy = {
  free: 3,
  delayMs: 60_000,
  maxDelayMs: 240_000,
  windowMs: 900_000,
};

describe('delayAfter', () => {
  it('is nothing for the free attempts, then doubles up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => delayAfter(n, policy))).toEqual([
      0, 0, 60_000, 120_000, 240_000, 240_000, 240_000,
    ]);
  });
});

describe('AttemptLimiter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes each attempt after the free ones wait longer', async () => {
    const store = new MemoryLimitStore();
    const limiter = new AttemptLimiter(store);
    for (let i = 0; i < 3; i++) expect(await limiter.take('k', policy)).toBe(0);
    expect(await limiter.take('k', policy)).toBe(60_000);
    vi.advanceTimersByTime(60_000);
    expect(await limiter.take('k', policy)).toBe(0);
    expect(await limiter.take('k', policy)).toBe(120_000);
    vi.advanceTimersByTime(120_000);
    expect(await limiter.take('k', policy)).toBe(0);
    expect(await limiter.take('k', policy)).toBe(240_000);
    // Other keys are untouched.
    expect(await limiter.take('other', policy)).toBe(0);
  });

  it('forgets a key a window after its last wait, and the sweep removes it', async () => {
    const store = new MemoryLimitStore();
    const limiter = new AttemptLimiter(store);
    for (let i = 0; i < 3; i++) await limiter.take('k', policy);
    vi.advanceTimersByTime(60_000 + 900_000);
    expect(await store.sweep()).toBe(1);
    expect(await limiter.take('k', policy)).toBe(0);
  });

  it('gives an attempt back', async () => {
    const limiter = new AttemptLimiter(new MemoryLimitStore());
    for (let i = 0; i < 3; i++) await limiter.take('k', policy);
    await limiter.giveBack('k', policy);
    expect(await limiter.take('k', policy)).toBe(0);
  });

  it('counts no attempt made before a marked moment (a password reset), and keeps the mark a while', async () => {
    const limiter = new AttemptLimiter(new MemoryLimitStore());
    for (let i = 0; i < 5; i++) await limiter.take('k', policy);
    vi.advanceTimersByTime(1_000);
    expect(await limiter.markedAt('reset')).toBe(0);
    await limiter.mark('reset', 10_000);
    const since = await limiter.markedAt('reset');
    expect(since).toBe(Date.now());
    // Without the mark the key still waits; with it, the key starts afresh.
    expect(await limiter.take('k', policy)).toBeGreaterThan(0);
    expect(await limiter.take('k', policy, since)).toBe(0);
    // Attempts after the mark count again.
    for (let i = 0; i < 2; i++) expect(await limiter.take('k', policy, since)).toBe(0);
    expect(await limiter.take('k', policy, since)).toBe(60_000);
    vi.advanceTimersByTime(10_001);
    expect(await limiter.markedAt('reset')).toBe(0);
  });
});
