import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeLog } from '../../../sync-server/services/change-log';

const doc = (id: string, rev: string, extra: object = {}) => ({ _id: id, _rev: rev, ...extra });

function collect(log: ChangeLog, start: number, max = Infinity) {
  const seen: string[] = [];
  const last = log.scan(start, (d) => {
    seen.push(`${d._id}@${d._rev}`);
    return seen.length < max;
  });
  return { seen, last };
}

describe('ChangeLog', () => {
  it('keeps only the latest version of each document, in feed order', () => {
    const log = new ChangeLog();
    log.append('1', doc('a', '1-x'));
    log.append('2', doc('b', '1-y'));
    log.append('3', null); // a design document
    log.append('4', doc('a', '2-z'));
    expect(collect(log, 0)).toEqual({ seen: ['b@1-y', 'a@2-z'], last: '4' });
    expect(log.size).toBe(2);
  });

  it('resumes after a known checkpoint, including superseded and design-doc positions', () => {
    const log = new ChangeLog();
    log.append('1', doc('a', '1-x'));
    log.append('2', null);
    log.append('3', doc('a', '2-z'));
    log.append('4', doc('b', '1-y'));
    expect(log.startAfter(null)).toBe(0);
    expect(collect(log, log.startAfter('1')!).seen).toEqual(['a@2-z', 'b@1-y']);
    expect(collect(log, log.startAfter('2')!).seen).toEqual(['a@2-z', 'b@1-y']);
    expect(collect(log, log.startAfter('3')!).seen).toEqual(['b@1-y']);
    expect(collect(log, log.startAfter('4')!)).toEqual({ seen: [], last: undefined });
    expect(log.startAfter('99')).toBeUndefined(); // unknown here: the caller reads the store
  });

  it('stops at the page size and reports where it stopped', () => {
    const log = new ChangeLog();
    for (let i = 1; i <= 5; i++) log.append(String(i), doc(`d${i}`, '1-a'));
    expect(collect(log, 0, 2)).toEqual({ seen: ['d1@1-a', 'd2@1-a'], last: '2' });
  });

  it('waits for nothing when the feed brought the write before its own answer came', () => {
    const log = new ChangeLog();
    log.append('1', doc('a', '2-x'));
    log.expect('a', '2-x', 'agent-1'); // the feed overtook the write's answer
    log.expect('a', '1-w', 'agent-1'); // an older write of it, superseded already
    expect(log.caughtUpTo(log.mark())).toBe(true);
    expect(log.awaitsWriter('agent-1')).toBe(false);
    expect(log.latest('a')).toMatchObject({ _rev: '2-x' });
    log.expect('a', '3-y', 'agent-1'); // a newer one is waited for
    expect(log.awaitsWriter('agent-1')).toBe(true);
  });

  it("is caught up to a mark once this gateway's writes up to it have come through the feed", () => {
    const log = new ChangeLog();
    log.append('1', doc('a', '1-x'));
    expect(log.caughtUpTo(log.mark())).toBe(true);
    log.expect('a', '3-new', 'agent-1');
    const mark = log.mark();
    expect(log.caughtUpTo(mark)).toBe(false);
    expect(log.awaitsWriter('agent-1')).toBe(true);
    expect(log.awaitsWriter('agent-2')).toBe(false);
    log.append('2', doc('a', '2-old')); // an older version seen late does not count
    expect(log.caughtUpTo(mark)).toBe(false);
    log.append('3', doc('a', '4-newer')); // a newer one does
    expect(log.caughtUpTo(mark)).toBe(true);
    expect(log.awaitsWriter('agent-1')).toBe(false);
  });

  it('waits only for the writes made before the mark, whatever order the feed brings them in', () => {
    const log = new ChangeLog();
    log.expect('a', '1-x', 'agent-1');
    log.expect('b', '1-y'); // a counter: no writer
    const mark = log.mark();
    log.expect('c', '1-z', 'agent-2'); // after the pull came: not waited for
    log.append('1', doc('b', '1-y'));
    expect(log.caughtUpTo(mark)).toBe(false);
    log.append('2', doc('a', '1-x'));
    expect(log.caughtUpTo(mark)).toBe(true);
    expect(log.caughtUpTo(log.mark())).toBe(false);
    expect(log.awaitsWriter('agent-2')).toBe(true);
  });

  it('tracks two writers of the same document separately', () => {
    const log = new ChangeLog();
    log.expect('a', '1-x', 'agent-1');
    log.expect('a', '2-y', 'agent-2');
    log.append('1', doc('a', '1-x'));
    expect(log.awaitsWriter('agent-1')).toBe(false);
    expect(log.awaitsWriter('agent-2')).toBe(true);
    log.append('2', doc('a', '2-y'));
    expect(log.awaitsWriter('agent-2')).toBe(false);
  });

  describe('waitUntil', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('answers at once when nothing is in flight', async () => {
      const log = new ChangeLog();
      const mark = log.mark();
      log.expect('a', '1-x', 'agent-2'); // made after the mark
      await expect(log.waitUntil(mark, 500)).resolves.toBe(true);
    });

    it('wakes the pull as soon as the feed brings the writes before its mark', async () => {
      const log = new ChangeLog();
      log.expect('a', '1-x', 'agent-1');
      log.expect('b', '1-y', 'agent-1');
      let answer: boolean | undefined;
      void log.waitUntil(log.mark(), 500).then((ok) => (answer = ok));
      log.append('1', doc('a', '1-x'));
      await vi.advanceTimersByTimeAsync(0);
      expect(answer).toBeUndefined(); // b is still in flight
      log.append('2', doc('b', '1-y'));
      await vi.advanceTimersByTimeAsync(0);
      expect(answer).toBe(true);
    });

    it('gives up after the timeout while the feed is late', async () => {
      const log = new ChangeLog();
      log.expect('a', '1-x', 'agent-1');
      const waiting = log.waitUntil(log.mark(), 500);
      await vi.advanceTimersByTimeAsync(499);
      log.append('1', doc('b', '1-z'));
      await vi.advanceTimersByTimeAsync(1);
      await expect(waiting).resolves.toBe(false);
      expect(log.awaitsWriter('agent-1')).toBe(true);
    });

    it('stops waiting for a write the feed never showed after 10 s', async () => {
      const log = new ChangeLog();
      log.expect('a', '1-x', 'agent-1');
      await vi.advanceTimersByTimeAsync(10_001);
      expect(log.awaitsWriter('agent-1')).toBe(false);
      await expect(log.waitUntil(log.mark(), 500)).resolves.toBe(true);
    });
  });

  describe('checkpoints by the set of versions held', () => {
    /** A log fed `changes` ([seq, id, rev]) in the order given. */
    const logOf = (changes: [string, string, string][]) => {
      const log = new ChangeLog();
      for (const [seq, id, rev] of changes) log.append(seq, doc(id, rev));
      return log;
    };

    it("finds another reader's position where both held the same versions, whatever their order", () => {
      // One store read twice: its shards interleave differently, so the sequences differ.
      const a = logOf([
        ['a1', 'x', '1-a'],
        ['a2', 'y', '1-b'],
        ['a3', 'x', '2-c'],
      ]);
      const b = logOf([
        ['b1', 'y', '1-b'],
        ['b2', 'x', '1-a'],
        ['b3', 'x', '2-c'],
        ['b4', 'z', '1-d'],
      ]);
      const head = a.checkpointAt('a3');
      expect(b.startAfter(head.seq)).toBeUndefined(); // not a sequence b read
      const start = b.startAfter(head.seq, head.state!);
      expect(collect(b, start!).seen).toEqual(['z@1-d']);
      // Where a held {x@1-a}, b never did (it had y first): unknown, never a wrong position.
      const early = a.checkpointAt('a1');
      expect(b.startAfter(early.seq, early.state!)).toBeUndefined();
    });

    it('finds a position from before a restart in the log read again from the start', () => {
      const before = logOf([
        ['1', 'x', '1-a'],
        ['2', 'y', '1-b'],
        ['3', 'x', '2-c'],
      ]);
      const checkpoint = before.checkpointAt('3');
      // Read again, the feed lists each document once, at its latest version, then the new change.
      const after = logOf([
        ['9', 'y', '1-b'],
        ['10', 'x', '2-c'],
        ['11', 'y', '2-e'],
      ]);
      const start = after.startAfter('unknown-seq', checkpoint.state!);
      expect(collect(after, start!).seen).toEqual(['y@2-e']);
      expect(after.checkpointBefore(start!)).toEqual(after.checkpointAt('10'));
    });

    it('holds a version read from the store only once it has that version or a newer one', () => {
      const log = logOf([['1', 'x', '2-b']]);
      expect(log.holds(doc('x', '1-a'))).toBe(true);
      expect(log.holds(doc('x', '2-b'))).toBe(true);
      // The store read was ahead of the feed: the log would send an older version next.
      expect(log.holds(doc('x', '3-c'))).toBe(false);
      expect(log.holds(doc('y', '1-a'))).toBe(false);
      log.expect('x', '3-c', 'agent-1'); // this gateway's own write, not through the feed yet
      expect(log.holds(doc('x', '2-b'))).toBe(false);
    });

    it('holds the same set when the feed lists a version again or a design document changes', () => {
      const log = logOf([['1', 'x', '1-a']]);
      const { state } = log.checkpointAt('1');
      log.append('2', doc('x', '1-a'));
      log.append('3', null);
      expect(log.checkpointAt('3').state).toBe(state);
      log.append('4', doc('x', '2-b'));
      expect(log.checkpointAt('4').state).not.toBe(state);
    });
  });
});
