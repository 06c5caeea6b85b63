/**
 * View, contact and like counters (spec §4): incremented on the server rather than replicated as
 * edits, so they never conflict, and bounded per identity against inflation: a listing or article
 * view counts once per identity per window, a like once per identity ever.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { CounterResponse } from '@couchdb/model/sync';
import type { Viewer } from '@couchdb/rules/access';
import { HttpError } from '../http-error';
import { couchStatus, type Store } from '../store/couch';
import type { ChangeFeed } from './change-feed';
import { OplogService, type Operator, type RequestInfo } from './oplog-service';
import { projectFor, type StoredDoc } from './projection';

/** A view by the same identity counts again after this long. */
export const VIEW_WINDOW_SECONDS = 30 * 60;

export type CounterKind = 'property_view' | 'property_contact' | 'news_view' | 'news_like';

export class CounterService {
  private readonly windows = new Map<CounterKind, RateLimiterMemory>();
  private readonly oplog: OplogService;

  constructor(
    private readonly store: Store,
    private readonly feed?: ChangeFeed,
  ) {
    this.oplog = new OplogService(store);
    for (const kind of ['property_view', 'property_contact', 'news_view'] as const) {
      this.windows.set(kind, new RateLimiterMemory({ points: 1, duration: VIEW_WINDOW_SECONDS }));
    }
  }

  async count(
    kind: CounterKind,
    targetId: string,
    viewer: Viewer,
    identity: string,
    request: RequestInfo,
  ): Promise<CounterResponse> {
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
    if (!(await this.firstTime(kind, targetId, identity)))
      return { counted: false, value: current };

    let value = current;
    if (kind !== 'property_contact') {
      value = await this.increment(collection, targetId, field);
    }
    if (collection === 'properties') {
      const operator = await this.operator(viewer);
      const type = kind === 'property_view' ? 'view' : 'contact';
      await this.oplog.append(type, operator, request, null, doc as StoredDoc);
    }
    return { counted: true, value };
  }

  /** Whether this identity has not been counted for this target yet (within the window, or ever for likes). */
  private async firstTime(kind: CounterKind, targetId: string, identity: string): Promise<boolean> {
    if (kind === 'news_like') {
      try {
        await this.store
          .db('auth')
          .insert({ _id: `like:${targetId}:${identity}`, kind: 'like' } as never);
        return true;
      } catch (err) {
        if (couchStatus(err) === 409) return false;
        throw err;
      }
    }
    try {
      await this.windows.get(kind)!.consume(`${identity}:${targetId}`);
      return true;
    } catch (err) {
      if (err instanceof Error) throw err;
      return false;
    }
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
        const res = await db.insert({ ...doc, [field]: value } as never);
        this.feed?.expectWrite(collection, id, res.rev);
        return value;
      } catch (err) {
        if (couchStatus(err) !== 409) throw err;
      }
    }
    throw new HttpError(409, 'conflict');
  }

  private async operator(viewer: Viewer): Promise<Operator> {
    if (!viewer) return { id: null, name: '', role: 'system' };
    const user = (await this.store
      .db('users')
      .get(viewer.id)
      .catch(() => null)) as { name?: string } | null;
    return { id: viewer.id, name: user?.name ?? '', role: viewer.role };
  }
}
