/**
 * Per-account upload quotas (issue 16): bytes per calendar day (Asia/Shanghai) and uploads in
 * flight at once. One document per account in the private `uploads` database holds today's bytes
 * and the account's current uploads (leases); every change is a write against the document's
 * revision, so the limits hold under concurrent requests and across several gateways. A request
 * reserves its Content-Length when it starts (so concurrent requests cannot overrun the day
 * together) and settles to the bytes actually kept when it ends. A lease a crashed gateway never
 * released expires on its own.
 */
import { randomUUID } from 'node:crypto';
import { DAY_MS, TIME_ZONE_OFFSET_MS } from '@couchdb/model/constants';
import {
  MEDIA_CONCURRENT_UPLOADS,
  MEDIA_DAILY_QUOTA_BYTES,
  UPLOAD_LIMIT_MESSAGES,
} from '@couchdb/model/upload-limits';
import { formatDate } from '@couchdb/rules/format';
import { HttpError } from '../http-error';
import { couchStatus, type Store } from '../store/couch';

/** An upload in flight: its reserved bytes count against today until it ends. */
interface LeaseEntry {
  id: string;
  bytes: number;
  /** Epoch ms after which the lease is dropped (its gateway is gone). */
  until: number;
}

interface QuotaDoc {
  _id: string;
  _rev?: string;
  account_id: string;
  /** 'YYYY-MM-DD' in Asia/Shanghai; `bytes` counts that day only. */
  day: string;
  bytes: number;
  leases: LeaseEntry[];
}

export interface UploadLimits {
  dailyBytes: number;
  concurrent: number;
  /** How long an unreleased lease holds (longer than the client's upload timeout). */
  leaseMs: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  dailyBytes: MEDIA_DAILY_QUOTA_BYTES,
  concurrent: MEDIA_CONCURRENT_UPLOADS,
  leaseMs: 15 * 60_000,
};

/** A reservation held by one request; `release` is safe to call more than once. */
export interface UploadLease {
  release(keptBytes: number): Promise<void>;
}

/** Writes tried against concurrent requests before the request is refused as one too many. */
const MAX_ATTEMPTS = 30;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds until the next midnight in Asia/Shanghai, when the daily quota starts again. */
export function secondsUntilTomorrow(now: number): number {
  const nextDay = (Math.floor((now + TIME_ZONE_OFFSET_MS) / DAY_MS) + 1) * DAY_MS;
  return Math.max(1, Math.ceil((nextDay - TIME_ZONE_OFFSET_MS - now) / 1000));
}

export class UploadQuota {
  constructor(
    private readonly store: Store,
    private readonly limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {}

  private get db() {
    return this.store.db<QuotaDoc>('uploads');
  }

  private async load(accountId: string, now: number): Promise<QuotaDoc> {
    const day = formatDate(now);
    let doc: QuotaDoc;
    try {
      doc = await this.db.get(`quota:${accountId}`);
    } catch (err) {
      if (couchStatus(err) !== 404) throw err;
      return { _id: `quota:${accountId}`, account_id: accountId, day, bytes: 0, leases: [] };
    }
    return {
      ...doc,
      ...(doc.day === day ? {} : { day, bytes: 0 }),
      leases: doc.leases.filter((l) => l.until > now),
    };
  }

  /** Read, change, write against the revision; read again when another request wrote first. */
  private async update(
    accountId: string,
    change: (doc: QuotaDoc, now: number) => QuotaDoc | null,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) await pause(Math.random() * Math.min(100, 5 * attempt));
      const now = this.clock();
      const next = change(await this.load(accountId, now), now);
      if (!next) return true;
      try {
        await this.db.insert(next);
        return true;
      } catch (err) {
        if (couchStatus(err) !== 409) throw err;
      }
    }
    return false;
  }

  /**
   * Reserves `bytes` of today's quota and one of the account's upload slots, or refuses with 429:
   * over today's quota (Retry-After: tomorrow) or too many uploads at once.
   */
  async acquire(accountId: string, bytes: number): Promise<UploadLease> {
    const id = randomUUID();
    let refusal: HttpError | undefined;
    const written = await this.update(accountId, (doc, now) => {
      refusal = undefined;
      if (doc.leases.length >= this.limits.concurrent) {
        refusal = new HttpError(
          429,
          'too_many_uploads',
          UPLOAD_LIMIT_MESSAGES.tooManyUploadsAtOnce,
        );
        return null;
      }
      const reserved = doc.leases.reduce((sum, l) => sum + l.bytes, 0);
      if (doc.bytes + reserved + bytes > this.limits.dailyBytes) {
        refusal = new HttpError(
          429,
          'upload_quota_exceeded',
          UPLOAD_LIMIT_MESSAGES.overDailyQuota,
          undefined,
          { 'Retry-After': String(secondsUntilTomorrow(now)) },
        );
        return null;
      }
      return { ...doc, leases: [...doc.leases, { id, bytes, until: now + this.limits.leaseMs }] };
    });
    if (refusal) throw refusal;
    // Still losing the race after every attempt: the account is sending a burst at once.
    if (!written)
      throw new HttpError(429, 'too_many_uploads', UPLOAD_LIMIT_MESSAGES.tooManyUploadsAtOnce);

    let released = false;
    return {
      release: async (keptBytes) => {
        if (released) return;
        released = true;
        await this.update(accountId, (doc) => ({
          ...doc,
          bytes: doc.bytes + keptBytes,
          leases: doc.leases.filter((l) => l.id !== id),
        }));
      },
    };
  }
}
