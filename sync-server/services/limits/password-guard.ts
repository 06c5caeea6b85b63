/**
 * Every password check goes through here (login, change password): the attempt is counted before
 * the password is verified, per account and address, per account and per address, each with growing
 * delays (config RateLimits). A correct password clears its account's keys and gives the address its
 * attempt back, so people behind one carrier address are not locked out by someone else's guessing.
 */
import { passwordAttemptsMessage } from '@couchdb/model/errors';
import type { RateLimits } from '../../config';
import { rateLimitedFor } from '../../http-error';
import { AttemptLimiter, type AttemptPolicy } from './attempt-limiter';
import type { LimitStore } from './limit-store';

export class PasswordGuard {
  private readonly attempts: AttemptLimiter;
  private readonly perAccountAddress: AttemptPolicy;
  private readonly perAccount: AttemptPolicy;
  private readonly perAddress: AttemptPolicy;

  constructor(store: LimitStore, limits: RateLimits) {
    this.attempts = new AttemptLimiter(store);
    const policy = (free: number): AttemptPolicy => ({
      free,
      delayMs: limits.delaySeconds * 1000,
      maxDelayMs: limits.maxDelaySeconds * 1000,
      windowMs: limits.windowSeconds * 1000,
    });
    this.perAccountAddress = policy(limits.passwordAttemptsPerAccountAddress);
    this.perAccount = policy(limits.passwordAttemptsPerAccount);
    this.perAddress = policy(limits.passwordAttemptsPerAddress);
  }

  /**
   * Runs `verify` (the slow password check) only if `account` (a phone or a user id) and `address`
   * may try now; a 429 with the wait otherwise. Returns what `verify` returned: null for a wrong
   * password, anything else for a right one.
   */
  async check<T>(
    account: string,
    address: string,
    verify: () => Promise<T | null>,
  ): Promise<T | null> {
    const keys: [string, AttemptPolicy][] = [
      [`pw:${account}|${address}`, this.perAccountAddress],
      [`pw:${account}`, this.perAccount],
      [`pw-ip:${address}`, this.perAddress],
    ];
    // An address made to wait is refused before anything is written: guessing at new phones
    // from one address must not add a record per attempt (security probe, finding 4).
    const addressWait = await this.attempts.waiting(keys[2]![0]);
    if (addressWait > 0) throw rateLimitedFor(addressWait, passwordAttemptsMessage);
    // An admin reset the account's password: its guesses from before count no more, from any address.
    const since = await this.attempts.markedAt(`pw-reset:${account}`);
    // One key at a time: a refusal by the narrowest key takes nothing from the wider ones.
    for (const [key, policy] of keys) {
      const wait = await this.attempts.take(key, policy, key.startsWith('pw-ip:') ? 0 : since);
      if (wait > 0) throw rateLimitedFor(wait, passwordAttemptsMessage);
    }
    const verified = await verify();
    if (verified !== null) {
      await Promise.all([
        this.attempts.forget(keys[0]![0]),
        this.attempts.forget(keys[1]![0]),
        this.attempts.giveBack(keys[2]![0], this.perAddress),
      ]);
    }
    return verified;
  }

  /**
   * Clears the waits `account` built up, from every address (an admin reset its password: the user
   * who was locked out guessing can sign in with the new one at once). The address-wide keys stay.
   */
  async forgetAccount(account: string): Promise<void> {
    // Kept until the oldest attempt it could outdate has expired on its own.
    const keepMs = this.perAccountAddress.maxDelayMs + this.perAccountAddress.windowMs;
    await this.attempts.mark(`pw-reset:${account}`, keepMs);
  }
}
