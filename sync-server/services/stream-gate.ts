/**
 * Caps the event streams a gateway holds open (STREAM_LIMITS): per signed-in account and per
 * address. A stream is one connection held by one gateway, so it is counted where it is held; the
 * count falls when the connection closes, however it closes.
 */
import { STREAM_LIMITS, TOO_MANY_STREAMS_MESSAGE } from '@couchdb/model/sync';
import { HttpError } from '../http-error';

export class StreamGate {
  private readonly open = new Map<string, number>();

  /** Admits one stream for the account (if any) and address; returns its release, or throws 429. */
  admit(accountId: string | null, address: string): () => void {
    const keys: [string, number][] = [[`ip:${address}`, STREAM_LIMITS.perAddress]];
    if (accountId) keys.push([`u:${accountId}`, STREAM_LIMITS.perAccount]);
    if (keys.some(([key, cap]) => (this.open.get(key) ?? 0) >= cap)) {
      throw new HttpError(429, 'rate_limited', TOO_MANY_STREAMS_MESSAGE, undefined, {
        'Retry-After': String(STREAM_LIMITS.retryAfterSeconds),
      });
    }
    for (const [key] of keys) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [key] of keys) {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    };
  }
}
