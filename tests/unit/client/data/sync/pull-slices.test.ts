import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PullResponse, SyncCheckpoint } from '@couchdb/model/sync';
import {
  pageStart,
  PullSlices,
  SliceWrites,
  type SlicedCheckpoint,
} from '@client/data/sync/pull-slices';

const docs = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${String(from + i).padStart(4, '0')}` }));

const page = (n: number, seq: string): PullResponse => ({
  documents: docs(n),
  checkpoint: { seq, role: 'visitor', sig: 's' },
});

/**
 * What RxDB's replication does with the handler's answers: it merges each checkpoint into the one
 * before (stackCheckpoints) and asks again from the result while an answer is a full page.
 */
function pullAll(slices: PullSlices, body: PullResponse, from?: SyncCheckpoint) {
  const got: string[] = [];
  const checkpoints: SlicedCheckpoint[] = [];
  let stored: SlicedCheckpoint | undefined = from;
  let answer = slices.first(from, body, 100);
  for (;;) {
    got.push(...answer.documents.map((d) => d.id));
    stored = { ...stored, ...answer.checkpoint };
    checkpoints.push(stored);
    if (answer.documents.length < 100) break;
    const next = slices.next(stored);
    if (!next) break;
    answer = next;
  }
  return { got, checkpoints, stored };
}

describe('PullSlices', () => {
  it('hands a page bigger than RxDB’s over in slices of its size, in order, each once', () => {
    const { got, checkpoints, stored } = pullAll(new PullSlices(), page(250, '9'));
    expect(got).toEqual(docs(250).map((d) => d.id));
    expect(checkpoints.map((c) => c.part?.next ?? null)).toEqual([100, 200, null]);
    // After the last slice the device is where the page ends, as if it had come whole.
    expect(stored).toMatchObject({ seq: '9', role: 'visitor', sig: 's', part: null });
  });

  it('gives a slice’s checkpoint the place the page was pulled from', () => {
    const from = { seq: '4', role: 'visitor' as const, sig: 'old' };
    const first = new PullSlices().first(from, page(500, '9'), 100);
    expect(first.documents).toHaveLength(100);
    expect(pageStart(first.checkpoint)).toEqual(from);
  });

  it('answers a page no bigger than RxDB’s as it is', () => {
    const body = page(100, '3');
    const slices = new PullSlices();
    const answer = slices.first(undefined, body, 100);
    expect(answer.documents).toBe(body.documents);
    expect(answer.checkpoint).toEqual({ ...body.checkpoint, part: null });
    expect(slices.next({ ...answer.checkpoint })).toBeNull();
  });

  it('after a restart without the page, pulls it again from where it was pulled', () => {
    const first = new PullSlices().first(undefined, page(500, '9'), 100);
    const restarted = new PullSlices();
    expect(restarted.next(first.checkpoint)).toBeNull();
    expect(pageStart(first.checkpoint)?.seq).toBeUndefined();
  });

  it('does not hand out the rest of another page pulled from the same place', () => {
    const slices = new PullSlices();
    const stale = slices.first(undefined, page(500, '9'), 100).checkpoint;
    slices.first(undefined, page(500, '12'), 100);
    expect(slices.next(stale)).toBeNull();
  });
});

describe('SliceWrites', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds a slice back until the slices before the last one handed are stored', async () => {
    const writes = new SliceWrites();
    writes.newPage(100);
    await writes.allButLast(); // the second slice goes while the first is written
    writes.handed(100);
    let third = false;
    const waiting = writes.allButLast().then(() => (third = true));
    for (let i = 0; i < 99; i++) writes.storedOne();
    await Promise.resolve();
    expect(third).toBe(false);
    writes.storedOne();
    await waiting;
    expect(third).toBe(true);
  });

  it('stops waiting for good when what it counts never comes', async () => {
    vi.useFakeTimers();
    const writes = new SliceWrites(1_000);
    writes.newPage(100);
    writes.handed(100);
    const waiting = writes.allButLast();
    await vi.advanceTimersByTimeAsync(1_000);
    await waiting;
    writes.handed(100);
    // Nothing stored, yet the next slice goes at once.
    let next = false;
    void writes.allButLast().then(() => (next = true));
    await Promise.resolve();
    expect(next).toBe(true);
  });
});
