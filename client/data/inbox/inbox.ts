/**
 * Saved searches and the 消息 inbox on the device (issue 19): the user's writes (save, edit and
 * delete a search; mark entries read) and the matcher that, after each pull of listings, turns
 * what became public or cheaper into inbox entries. Entry ids are the event's (inboxEntryId), so
 * every device of the user writes the same entry and the sync merges them into one.
 */
import { newId } from '@couchdb/model/common-facts';
import {
  DIGEST_MAX_LISTINGS,
  INBOX_MATCH_DAYS,
  INBOX_MAX,
  INBOX_MESSAGES,
  inboxEntryId,
  SAVED_SEARCH_MAX,
  SAVED_SEARCH_MESSAGES,
  type SavedSearchMode,
} from '@couchdb/model/saved-search-facts';
import { DAY_MS } from '@couchdb/model/constants';
import { formatPrice } from '@couchdb/rules/format';
import {
  fitsQuery,
  inQuietHours,
  isMatchingDemand,
  listingFitsDemand,
  matchEvents,
  shanghaiDate,
  type MatchableListing,
  type MatchEvent,
} from '@couchdb/rules/search-match';
import { merge, type Observable } from 'rxjs';
import type { DeviceDatabase } from '../storage/database';
import { LimitReachedError } from '../writes/limit-reached';
import { inboxBadge } from './inbox-badge';
import { publicListings } from '../reads/public-listings';
import type { InboxDoc } from '../schemas/inbox.schema';
import type { PropertyDoc } from '../schemas/property.schema';

/** What the save dialog gives a saved search. */
export interface SavedSearchInput {
  name: string;
  mode: SavedSearchMode;
  quiet_hours?: { from: string; to: string } | undefined;
}

/** Saves the list's current filter (its canonical query) as a new search; returns its id. */
export async function saveSearch(
  db: DeviceDatabase,
  userId: string,
  filter: string,
  input: SavedSearchInput,
  now = new Date().toISOString(),
): Promise<string> {
  // The gateway refuses one past the cap; say so here rather than keep a refused write.
  const kept = await db.saved_searches.find({ selector: { user_id: userId } }).exec();
  if (kept.length >= SAVED_SEARCH_MAX) throw new LimitReachedError(SAVED_SEARCH_MESSAGES.tooMany);
  const id = newId();
  await db.saved_searches.insert({
    id,
    user_id: userId,
    filter,
    name: input.name.trim(),
    mode: input.mode,
    ...(input.quiet_hours ? { quiet_hours: input.quiet_hours } : {}),
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** Renames a search or changes how it tells the user. */
export async function editSearch(
  db: DeviceDatabase,
  id: string,
  input: SavedSearchInput,
  now = new Date().toISOString(),
): Promise<void> {
  const doc = await db.saved_searches.findOne(id).exec();
  if (!doc) throw new Error('saved search not on this device');
  await doc.incrementalModify((old) => {
    const next = { ...old, name: input.name.trim(), mode: input.mode, updated_at: now };
    if (input.quiet_hours) next.quiet_hours = input.quiet_hours;
    else delete next.quiet_hours;
    return next;
  });
}

export async function deleteSearch(db: DeviceDatabase, id: string): Promise<void> {
  const doc = await db.saved_searches.findOne(id).exec();
  if (doc) await doc.incrementalRemove();
}

/** Marks entries read (all unread ones when `ids` is absent). */
export async function markInboxRead(
  db: DeviceDatabase,
  userId: string,
  ids?: readonly string[],
  now = new Date().toISOString(),
): Promise<void> {
  const unread = await db.inbox
    .find({ selector: { user_id: userId, ...(ids ? { id: { $in: [...ids] } } : {}) } })
    .exec();
  for (const doc of unread) {
    if (doc.read_at) continue;
    await doc.incrementalModify((old) => (old.read_at ? old : { ...old, read_at: now }));
  }
}

/** A saved search or an active demand, as the matcher reads it. */
interface Watch {
  id: string;
  name: string;
  created_at: string;
  user_id: string;
  mode: SavedSearchMode;
  quiet_hours?: { from: string; to: string } | undefined;
  filterLink: string;
  fits: (listing: MatchableListing) => boolean;
}

async function watchesOf(db: DeviceDatabase, userId: string): Promise<Watch[]> {
  const searches = await db.saved_searches.find({ selector: { user_id: userId } }).exec();
  const demands = db.demands ? await db.demands.find({ selector: { user_id: userId } }).exec() : [];
  return [
    ...searches.map((s) => ({
      id: s.id,
      name: s.name,
      created_at: s.created_at,
      user_id: userId,
      mode: s.mode,
      quiet_hours: s.quiet_hours,
      filterLink: `/properties${s.filter ? `?${s.filter}` : ''}`,
      fits: fitsQuery(s.filter),
    })),
    // A user's active 求购/求租 demand is a saved search too: instant, no quiet hours.
    ...demands
      .filter((d) => isMatchingDemand(d))
      .map((d) => {
        const demand = d.toMutableJSON();
        return {
          id: d.id,
          name: INBOX_MESSAGES.demandName(d.title),
          created_at: d.created_at,
          user_id: userId,
          mode: 'instant' as const,
          filterLink: `/properties?type=${d.type === 'buy' ? 'sale' : 'rent'}`,
          fits: (l: MatchableListing) => listingFitsDemand(l, demand),
        };
      }),
  ];
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * Matches the device's public listings against the user's saved searches and active demands and
 * writes what is new to the inbox: one entry per event for instant searches (held while the
 * search's quiet hours last: the entry is written on the first run after they end), one digest per
 * search and Shanghai day for daily ones. Nothing depends on when the device last ran, so a device
 * that was away finds, on its next sync, everything that matched within INBOX_MATCH_DAYS. Read
 * entries older than that are pruned (what they announced is outside the window, so they are never
 * made again); no more than INBOX_MAX entries are written.
 */
export async function matchInbox(
  db: DeviceDatabase,
  userId: string,
  now = Date.now(),
): Promise<number> {
  const nowIso = new Date(now).toISOString();
  const watches = await watchesOf(db, userId);
  const entries = new Map(
    (await db.inbox.find({ selector: { user_id: userId } }).exec()).map((d) => [d.id, d]),
  );
  let room = INBOX_MAX - entries.size;
  let written = 0;
  if (watches.length > 0) {
    // The page's list of public listings, kept change by change (only a public listing matches):
    // reading every listing from the storage worker on each run was a message of all of them.
    const listings = (await publicListings(db).current()) as (PropertyDoc & MatchableListing)[];
    const byId = new Map(listings.map((l) => [l.id, l]));
    for (const watch of watches) {
      const events = listings.flatMap((l) => matchEvents(l, watch, watch.fits, now));
      if (events.length === 0) continue;
      if (watch.mode === 'daily') {
        const byDay = new Map<string, MatchEvent[]>();
        for (const e of events) {
          const day = shanghaiDate(Date.parse(e.at));
          byDay.set(day, [...(byDay.get(day) ?? []), e]);
        }
        for (const [day, dayEvents] of byDay) {
          const id = inboxEntryId(userId, watch.id, `day:${day}`);
          const found = [...new Set(dayEvents.map((e) => e.propertyId))];
          const existing = entries.get(id);
          if (existing) {
            const ids = [...new Set([...existing.property_ids, ...found])].slice(
              0,
              DIGEST_MAX_LISTINGS,
            );
            if (ids.length === existing.property_ids.length) continue;
            await existing.incrementalModify((old) => {
              const { read_at: _read, ...rest } = old;
              return { ...rest, property_ids: ids, body: INBOX_MESSAGES.digestBody(ids.length) };
            });
            written++;
          } else if (room > 0) {
            const ids = found.slice(0, DIGEST_MAX_LISTINGS);
            await db.inbox.insert({
              id,
              user_id: userId,
              kind: 'digest',
              search_id: watch.id,
              property_ids: ids,
              title: clip(INBOX_MESSAGES.digestTitle(watch.name, day), 60),
              body: INBOX_MESSAGES.digestBody(ids.length),
              link: watch.filterLink,
              created_at: nowIso,
            });
            room--;
            written++;
          }
        }
        continue;
      }
      if (inQuietHours(watch.quiet_hours, now)) continue;
      for (const e of events) {
        const id =
          e.kind === 'new'
            ? inboxEntryId(userId, watch.id, e.propertyId)
            : inboxEntryId(userId, watch.id, e.propertyId, 'price', e.price);
        if (entries.has(id) || room <= 0) continue;
        const listing = byId.get(e.propertyId)!;
        await db.inbox.insert({
          id,
          user_id: userId,
          kind: 'match',
          search_id: watch.id,
          property_ids: [e.propertyId],
          title: clip(
            e.kind === 'new'
              ? INBOX_MESSAGES.matchTitle(watch.name)
              : INBOX_MESSAGES.priceDropTitle(watch.name),
            60,
          ),
          body: clip(`${listing.title} · ${formatPrice(listing.type, listing.price)}`, 500),
          link: `/properties/${e.propertyId}`,
          created_at: nowIso,
        });
        room--;
        written++;
      }
    }
  }
  const oldest = new Date(now - INBOX_MATCH_DAYS * DAY_MS).toISOString();
  for (const entry of entries.values())
    if (entry.read_at && entry.created_at < oldest && entry.kind !== 'notice')
      await entry.incrementalRemove();
  return written;
}

/** Unread entries, for the badge. */
export function countUnread(entries: readonly Pick<InboxDoc, 'read_at'>[]): number {
  return entries.filter((e) => !e.read_at).length;
}

/** How often the matcher runs besides after pulls (quiet hours end; a digest's day turns). */
const MATCH_INTERVAL_MS = 60_000;
/** Pulls arrive in batches: match once they settle. */
const MATCH_DEBOUNCE_MS = 400;

/**
 * Runs the matcher for the open user's database: whenever listings, saved searches or demands
 * change on the device (a pull landed, the user saved a search), and every minute; only in the tab
 * that replicates (`isLeader`), which the others see through the shared database. Keeps the badge.
 */
export class InboxWatcher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly interval: ReturnType<typeof setInterval>;
  private running: Promise<unknown> = Promise.resolve();
  private readonly unsubscribers: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly db: DeviceDatabase,
    private readonly userId: string,
    private readonly isLeader: () => boolean,
  ) {
    // A write's changes at once (a pull's bulk of listings), not one by one.
    const changes = [
      db.properties.eventBulks$,
      db.saved_searches.eventBulks$,
      db.demands?.eventBulks$,
    ].filter((c) => c !== undefined) as Observable<unknown>[];
    const sub = merge(...changes).subscribe(() => this.schedule());
    this.unsubscribers.push(() => sub.unsubscribe());
    const badge = db.inbox
      .find({ selector: { user_id: userId } })
      .$.subscribe((docs) => inboxBadge.set(countUnread(docs)));
    this.unsubscribers.push(() => badge.unsubscribe());
    this.interval = setInterval(() => this.schedule(), MATCH_INTERVAL_MS);
    this.schedule();
  }

  schedule(): void {
    if (this.stopped) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runNow();
    }, MATCH_DEBOUNCE_MS);
  }

  /** Matches now (after any run in progress). */
  runNow(): Promise<unknown> {
    this.running = this.running.then(async () => {
      if (this.stopped || !this.isLeader()) return;
      try {
        await matchInbox(this.db, this.userId);
      } catch (err) {
        if (!this.stopped) console.warn('inbox matching failed', err);
      }
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    clearInterval(this.interval);
    for (const off of this.unsubscribers) off();
    inboxBadge.set(0);
    await this.running;
  }
}
