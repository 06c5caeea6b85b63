import { describe, expect, it } from 'vitest';
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

  it('is caught up only once its own writes have come through the feed', () => {
    const log = new ChangeLog();
    log.append('1', doc('a', '1-x'));
    expect(log.caughtUp).toBe(true);
    log.expect('a', '3-new');
    expect(log.caughtUp).toBe(false);
    log.append('2', doc('a', '2-old')); // an older version seen late does not count
    expect(log.caughtUp).toBe(false);
    log.append('3', doc('a', '4-newer')); // a newer one does
    expect(log.caughtUp).toBe(true);
  });
});
