/**
 * Mobile numbers for accounts a test registers. Random, and never the same twice in a test process:
 * a number built from the clock (as each e2e file did) repeats its last digits every 100 seconds,
 * and two made in one millisecond could be equal (a register then answered 409 in CI).
 */
import { randomInt } from 'node:crypto';

const used = new Set<string>();

/** A mainland mobile number with `prefix` (not the demo accounts' 138) that this process has not given. */
export function freshPhone(prefix = '139'): string {
  for (;;) {
    const phone = `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    if (!used.has(phone)) {
      used.add(phone);
      return phone;
    }
  }
}
