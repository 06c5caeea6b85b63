/**
 * View, contact and like counters (product §4): incremented on the server rather than replicated as
 * edits, so they never conflict, and counting people rather than requests (COUNTER_LIMITS): each
 * person once per window, a few visitors per address and item, calls rate-limited per address.
 * The windows live in the shared limit store (they expire, so storage stays bounded, and they hold
 * across gateways); a listing's views go into the operation log as one entry per listing and day
 * that carries the day's count, not one line per view.
 */
import { createHash } from 'node:crypto';
import { COUNTER_LIMITS, type CounterResponse } from '@couchdb/model/sync';
import { OPERATION_TYPE_LABELS } from '@couchdb/model/oplog-facts';
import type { Viewer } from '@couchdb/rules/access';
import { COLLECTION_ACCESS } from '@couchdb/rules/collection-access';
import { formatDate } from '@couchdb/rules/format';
import { HttpError, rateLimitedFor } from '../http-error';
import { couchStatus, type Store } from '../store/couch';
import type { LimitStore } from './limits/limit-store';
import { WindowCounter } from './limits/window-counter';
import { OplogService, propertyLogEntry, type Operator, type RequestInfo } from './oplog-service';
import { projectFor, type StoredDoc } from './sync/projection';

export type CounterKind = 'property_view' | 'property_contact' | 'news_view' | 'news_like';

/** Who is counted: a signed-in account, or a visitor's device (if it sent one) at its address. */
export interface CountedPerson {
  /** `u:<id>`, or `d:<device>` / `ip:<address>` for a visitor. */
  identity: string;
  address: string;
}

const MINUTE_MS = 60_000;

/** The id of a listing's view entry for one day (one entry a day, its count updated in place). */
export function viewLogIdFor(propertyId: string, day: string): string {
  return `v${createHash('sha256').update(`${propertyId}@${day}`).digest('hex').slice(0, 40)}`;
}

export class CounterService {
  private readonly oplog: OplogService;
  private readonly windows: WindowCounter;

  constructor(
    private readonly store: Store,
    limits: LimitStore,
  ) {
    this.oplog = new OplogService(store);
    this.windows = new WindowCounter(limits);
  }

  async count(
    kind: CounterKind,
    targetId: string,
    viewer: Viewer,
    person: CountedPerson,
    request: RequestInfo,
  ): Promise<CounterResponse> {
    const wait = await this.windows.take(
      `counter-ip:${person.address}`,
      COUNTER_LIMITS.callsPerAddressPerMinute,
      MINUTE_MS,
    );
    if (wait > 0) throw rateLimitedFor(wait);

    const collection = kind.startsWith('property') ? 'properties' : 'news';
    const field = kind === 'news_like' ? 'like_count' : 'view_count';
    const db = this.store.db<StoredDoc>(collection);
    const doc = await db.get(targetId).catch((err) => {
      if (couchStatus(err) === 404) return null;
      throw err;
    });
    const visible = doc ? projectFor(collection, viewer, doc as StoredDoc) : null;
    if (!doc || !visible || visible._deleted) throw new HttpError(404, 'not_found');

    const current = Number((doc as StoredDoc)[field] ?? 0);
    // Only what the public sees counts, and never for its own publisher: an agent checking their
    // listing, or an admin reviewing one not public yet, is not a view (我的房源数据, the view log).
    const own = viewer !== null && (doc as StoredDoc).user_id === viewer.id;
    const isPublic = COLLECTION_ACCESS[collection].isPublic?.(doc as StoredDoc) ?? true;
    if (own || !isPublic) return { counted: false, value: current };
    if (!(await this.firstTime(kind, targetId, viewer, person)))
      return { counted: false, value: current };

    let value = current;
    if (kind !== 'property_contact') {
      value = await this.increment(collection, targetId, field);
    }
    if (kind === 'property_view') await this.logView(doc as StoredDoc, request);
    if (kind === 'property_contact') {
      await this.oplog.append(
        'contact',
        await this.operator(viewer),
        request,
        null,
        doc as StoredDoc,
      );
    }
    return { counted: true, value };
  }

  /**
   * Whether this person has not been counted for this target in the window yet; a visitor also
   * only while their address has counted fewer than the few visitors it may for this target.
   */
  private async firstTime(
    kind: CounterKind,
    targetId: string,
    viewer: Viewer,
    person: CountedPerson,
  ): Promise<boolean> {
    const windowMs =
      (kind === 'news_like' ? COUNTER_LIMITS.likeWindowSeconds : COUNTER_LIMITS.viewWindowSeconds) *
      1000;
    if (viewer)
      return this.windows.firstTime(`seen:${kind}:${targetId}:${person.identity}`, windowMs);
    const seen = `seen:${kind}:${targetId}:${person.identity}|${person.address}`;
    // Checked before the address's allowance, so a visitor counted already takes no place in it,
    // and marked only after it, so made-up device ids leave no more marks than the allowance.
    if (await this.windows.marked(seen)) return false;
    const wait = await this.windows.take(
      `seen-ip:${kind}:${targetId}:${person.address}`,
      COUNTER_LIMITS.visitorsPerAddressPerItem,
      windowMs,
    );
    return wait === 0 && (await this.windows.firstTime(seen, windowMs));
  }

  private async increment(
    collection: 'properties' | 'news',
    id: string,
    field: string,
  ): Promise<number> {
    const db = this.store.db<StoredDoc>(collection);
    for (let attempt = 0; attempt < 10; attempt++) {
      const doc = (await db.get(id)) as StoredDoc;
      const value = Number(doc[field] ?? 0) + 1;
      try {
        await db.insert({ ...doc, [field]: value } as never);
        return value;
      } catch (err) {
        if (couchStatus(err) !== 409) throw err;
      }
    }
    throw new HttpError(409, 'conflict');
  }

  /** Adds one to the listing's view entry of today (created with the first view of the day). */
  private async logView(listing: StoredDoc, request: RequestInfo): Promise<void> {
    // The county's calendar day (UTC+8): a view at 01:00 there is today's, not yesterday's.
    const day = formatDate(Date.now());
    const id = viewLogIdFor(listing._id, day);
    const oplog = this.store.db<StoredDoc>('oplog');
    const title = typeof listing.title === 'string' ? `「${listing.title}」` : '';
    for (let attempt = 0; attempt < 20; attempt++) {
      const entry = await oplog.get(id).catch((err) => {
        if (couchStatus(err) === 404) return null;
        throw err;
      });
      const views = Number((entry?.new_data as { views?: number } | null)?.views ?? 0) + 1;
      const base = entry ?? propertyLogEntry('view', SYSTEM, request, null, listing, id);
      try {
        await oplog.insert({
          ...base,
          operation_description: `房源${title}${day}${OPERATION_TYPE_LABELS.view}${views}次`,
          new_data: { day, views },
          // A day's entry stands for many visitors: no one address or browser is its own.
          ip_address: '',
          user_agent: '',
          updated_at: new Date().toISOString(),
        } as never);
        return;
      } catch (err) {
        if (couchStatus(err) !== 409) throw err; // another view of the day came first: add to it
      }
    }
    throw new HttpError(409, 'conflict');
  }

  private async operator(viewer: Viewer): Promise<Operator> {
    if (!viewer) return SYSTEM;
    const user = (await this.store
      .db('users')
      .get(viewer.id)
      .catch(() => null)) as { name?: string } | null;
    return { id: viewer.id, name: user?.name ?? '', role: viewer.role };
  }
}

const SYSTEM: Operator = { id: null, name: '', role: 'system' };
