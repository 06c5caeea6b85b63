/**
 * A day's promotion record merged from two branches counts each person once: what an agent's
 * 推广效果 shows after a cluster kept two copies of one day.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROMOTION_DAILY_CAP } from '../../../../couchdb/model/promotion-facts';
import {
  countsOf,
  isCounted,
  mergeCounted,
  noEvents,
  type CountedEvents,
} from '../../../../couchdb/rules/promotion-day';

/** Person n goes by a device name and, signed in, an account name too. */
const namesOf = (person: number, signedIn: boolean) =>
  signedIn ? [`device-${person}`, `account-${person}`] : [`device-${person}`];

/** A branch: the record after counting these arrivals, as the gateway does one at a time. */
function branch(base: CountedEvents, arrivals: [number, boolean][]): CountedEvents {
  const events = { ...base, visit: [...base.visit] };
  for (const [person, signedIn] of arrivals) {
    const names = namesOf(person, signedIn);
    if (!isCounted(events.visit, names)) events.visit.push(names);
  }
  return events;
}

const arrivals = fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.boolean()), {
  maxLength: 30,
});

describe('a promotion day merged from two branches', () => {
  it('counts every person either branch counted, once', () => {
    fc.assert(
      fc.property(arrivals, arrivals, arrivals, (common, left, right) => {
        const base = branch(noEvents(), common);
        const a = branch(base, left);
        const b = branch(base, right);
        const people = new Set([...common, ...left, ...right].map(([p]) => p));
        for (const merged of [mergeCounted(a, b), mergeCounted(b, a)]) {
          expect(countsOf(merged).visit).toBe(people.size);
          for (const person of people)
            expect(isCounted(merged.visit, namesOf(person, false))).toBe(true);
        }
        expect(countsOf(mergeCounted(a, a))).toEqual(countsOf(a));
      }),
      { numRuns: 300 },
    );
  });

  it('never counts past the daily cap', () => {
    const many = (from: number): CountedEvents => ({
      ...noEvents(),
      view: Array.from({ length: PROMOTION_DAILY_CAP }, (_, i) => [`p${from + i}`]),
    });
    expect(countsOf(mergeCounted(many(0), many(PROMOTION_DAILY_CAP))).view).toBe(
      PROMOTION_DAILY_CAP,
    );
  });
});
