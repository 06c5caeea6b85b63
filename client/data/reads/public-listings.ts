/**
 * Every public listing on the device as one list, kept up to date change by change and shared by
 * every screen of the page that reads it (the list, the areas, a listing's similar listings, home's
 * featured listings).
 *
 * Why not RxDB's live query of the same listings: on every write to the collection it rebuilds its
 * whole result, and when more than 100 changes arrive between two of its runs (RxDB's change buffer)
 * it reads the whole collection again, 10,000 listings in one message from the storage worker. On
 * a county's store a first sync writes thousands of listings a second, so the query's runs were the
 * page's longest tasks (issue 17). Here the list is read once in pieces of CHUNK listings, each its
 * own task, and then each change costs in proportion to what it changed; the screens get a new
 * array at most every EMIT_EVERY_MS (up to EMIT_EVERY_MAX_MS for a county's list) while writes keep
 * coming.
 */
import type { RxChangeEventBulk, RxDocument, RxStorageChangeEvent } from 'rxdb';
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import type { DeviceDatabase } from '../storage/database';
import { storedFields } from '../storage/rxdb-fields';
import { storedDataOf } from '../storage/rxdb-internals';
import type { PropertyDoc } from '../schemas/property.schema';

/** Listings a read: its answer crosses from the storage worker in one message. */
export const CHUNK = 500;
/** While changes keep coming (a first sync), the screens get the list at most this often. */
export const EMIT_EVERY_MS = 250;
/** From this many listings on, the lists come further apart, in proportion to the listings. */
export const EMIT_SPACING_LISTINGS = 2_500;
/** The furthest apart lists come while changes keep coming (a county's first sync). */
export const EMIT_EVERY_MAX_MS = 1_000;

/**
 * How far apart the screens get new lists while changes keep coming: each new list costs every
 * screen a pass over all of it and a repaint (55–65 ms a frame on a slowed phone with 10,000
 * listings), so a bigger list comes less often. A change after a quiet spell still shows at once.
 */
export function emitSpacingMs(listings: number): number {
  return Math.min(
    EMIT_EVERY_MAX_MS,
    Math.max(EMIT_EVERY_MS, Math.round((EMIT_EVERY_MS * listings) / EMIT_SPACING_LISTINGS)),
  );
}

interface Observer {
  next(value: PropertyDoc[]): void;
  error(err: unknown): void;
}

/**
 * A stored document as the screens get it: its fields, without RxDB's own nor `_deleted`, in an
 * object whose fields are quick to read (rxdb-fields.ts). RxDB's `toJSON` deletes them from a copy.
 */
export const fieldsOf = (data: object): PropertyDoc => storedFields(data) as PropertyDoc;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

class PublicListings {
  private readonly byId = new Map<string, PropertyDoc>();
  private readonly observers = new Set<Observer>();
  /** The list the screens have (null until the first read is over). */
  private list: PropertyDoc[] | null = null;
  private failure: { err: unknown } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastEmit = 0;
  private readonly changes: { unsubscribe(): void };
  /** Settles once the first read is over and the changes made during it are applied. */
  private readonly read: Promise<void>;

  constructor(
    private readonly db: DeviceDatabase,
    /** Called once this list is no longer kept (its read failed, or the database closed). */
    private readonly onEnd: () => void,
  ) {
    // Changes are watched before the first read, and those made during it applied after it, in
    // order: a listing written while the read was under way ends as its last write left it.
    let during: RxChangeEventBulk<PropertyDoc>[] | null = [];
    this.changes = db.properties.eventBulks$.subscribe({
      next: (bulk: RxChangeEventBulk<PropertyDoc>) => {
        if (bulk.isLocal) return;
        if (during) return void during.push(bulk);
        this.apply(bulk.events);
        this.schedule();
      },
      error: (err: unknown) => this.fail(err),
    });
    db.onClose.push(() => this.close());
    this.read = this.readAll().then(
      () => {
        for (const bulk of during ?? []) this.apply(bulk.events);
        during = null;
        this.emit();
      },
      (err: unknown) => this.fail(err),
    );
  }

  /**
   * Every public listing as the changes so far left it, without waiting for the screens' next list
   * (the inbox's matcher, after a pull); fails as the list's read did.
   */
  async current(): Promise<PropertyDoc[]> {
    await this.read;
    if (this.failure) throw this.failure.err;
    return [...this.byId.values()];
  }

  /**
   * Gives the screens the list as the changes so far left it now, instead of once the spacing
   * between lists has passed (a screen that switches to the device's list when its first sync is
   * over gets all of it, not the list of up to a second before and then the rest).
   */
  async flush(): Promise<void> {
    await this.read;
    if (this.timer === null || this.failure) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.emit();
  }

  subscribe(observer: Observer): { unsubscribe(): void } {
    this.observers.add(observer);
    if (this.failure) observer.error(this.failure.err);
    else if (this.list) observer.next(this.list);
    return { unsubscribe: () => this.observers.delete(observer) };
  }

  /** The public listings in pieces, by id: each read is one message and one task on the page. */
  private async readAll(): Promise<void> {
    let after: string | null = null;
    for (;;) {
      const docs: RxDocument<PropertyDoc>[] = await this.db.properties
        .find({
          selector: {
            status: 'active',
            audit_status: 'approved',
            ...(after === null ? {} : { id: { $gt: after } }),
          },
          sort: [{ id: 'asc' }],
          limit: CHUNK,
        })
        .exec();
      for (const doc of docs) this.byId.set(doc.id, fieldsOf(storedDataOf(doc)));
      if (docs.length < CHUNK) return;
      after = docs[docs.length - 1]!.id;
      await yieldToPage();
    }
  }

  private apply(events: RxStorageChangeEvent<PropertyDoc>[]): void {
    for (const event of events) {
      const data = event.documentData as PropertyDoc & { _deleted?: boolean };
      if (event.operation === 'DELETE' || data._deleted || !isPubliclyVisible(data))
        this.byId.delete(event.documentId);
      else this.byId.set(event.documentId, fieldsOf(data));
    }
  }

  /** The list to the screens now, or once `emitSpacingMs` has passed since the last time. */
  private schedule(): void {
    if (this.timer !== null || this.list === null) return;
    const wait = Math.max(0, this.lastEmit + emitSpacingMs(this.byId.size) - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.emit();
    }, wait);
  }

  private emit(): void {
    if (this.failure) return;
    this.lastEmit = Date.now();
    this.list = [...this.byId.values()];
    for (const observer of this.observers) observer.next(this.list);
  }

  private fail(err: unknown): void {
    if (this.failure) return;
    this.failure = { err };
    this.close();
    for (const observer of this.observers) observer.error(err);
  }

  private close(): void {
    this.changes.unsubscribe();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.onEnd();
  }
}

const byDatabase = new WeakMap<DeviceDatabase, PublicListings>();

/**
 * The device's public listings (active and approved), in no particular order, for as long as the
 * database is open. A read that failed is tried again by the next subscriber (a screen's 重试).
 */
export function publicListings(db: DeviceDatabase): {
  subscribe(observer: Observer): { unsubscribe(): void };
  current(): Promise<PropertyDoc[]>;
  flush(): Promise<void>;
} {
  let shared = byDatabase.get(db);
  if (!shared) {
    const created = new PublicListings(db, () => {
      if (byDatabase.get(db) === created) byDatabase.delete(db);
    });
    shared = created;
    byDatabase.set(db, shared);
  }
  return shared;
}
