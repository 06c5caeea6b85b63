/**
 * Promotion statistics (architecture §4, issue 15): visits through an agent's link, listings viewed and
 * contacts opened while the visitor's device holds the agent's promotion. One document per agent
 * and day in the private `promotions` database holds the counts and the short hashes of who was
 * counted (couchdb/rules/promotion-day.ts), so an event counts once per person a day (a view or
 * contact once per listing), at most PROMOTION_DAILY_CAP of a kind per agent a day, each counted
 * event keeping at most two hashes. One gateway writes a day's record one event after another; the
 * store's revisions keep the count true across gateways, and where a cluster took two writes on one
 * revision (architecture §9) every read merges the record's branches and the next write removes them.
 */
import { createHash } from 'node:crypto';
import {
  PROMOTION_DAILY_CAP,
  PROMOTION_EVENT_TYPES,
  PROMOTION_STATS_DAYS,
  type PromotionAgent,
  promotionDay,
  type PromotionEventType,
} from '@couchdb/model/promotion-facts';
import {
  countsOf,
  type CountedEvents,
  isCounted,
  mergeCounted,
  noEvents,
  type PromotionCounts,
} from '@couchdb/rules/promotion-day';
import type {
  PromotionEvent,
  PromotionEventResponse,
  PromotionStatsResponse,
} from '@couchdb/model/promotion';
import { canReadDocument, type Viewer } from '@couchdb/rules/access';
import { HttpError } from '../http-error';
import { couchStatus, type Store } from '../store/couch';
import { InTurn } from './in-turn';

interface DayDoc {
  _id: string;
  _rev?: string;
  _conflicts?: string[];
  agent_id: string;
  day: string;
  /** What `seen` counts (countsOf), kept for the statistics' one read. */
  counts: PromotionCounts;
  /**
   * Per kind, each counted event's short hashes of its names (and listing). A record written before
   * events kept two names holds one hash per event.
   */
  seen: Record<PromotionEventType, (string[] | string)[]>;
}

/** The events a stored record counted. */
const eventsOf = (doc: DayDoc): CountedEvents => {
  const events = noEvents();
  for (const type of PROMOTION_EVENT_TYPES)
    events[type] = (doc.seen?.[type] ?? []).map((e) => (typeof e === 'string' ? [e] : e));
  return events;
};

/** Writes tried against concurrent events before giving up (409). */
const MAX_ATTEMPTS = 60;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const zero = (): PromotionCounts => ({ visit: 0, view: 0, contact: 0 });
const dayDocId = (agentId: string, day: string) => `day:${agentId}:${day}`;

export class PromotionService {
  private readonly inTurn = new InTurn();

  constructor(private readonly store: Store) {}

  private get db() {
    return this.store.db<DayDoc>('promotions');
  }

  /** The agent's public card, or 404 not_agent when the id is not an enabled agent. */
  async agent(agentId: string): Promise<PromotionAgent> {
    let doc: Record<string, unknown>;
    try {
      doc = (await this.store.db('users').get(agentId)) as unknown as Record<string, unknown>;
    } catch (err) {
      if (couchStatus(err) === 404) throw new HttpError(404, 'not_agent');
      throw err;
    }
    if (doc.user_type !== 'agent' || doc.is_verified === false)
      throw new HttpError(404, 'not_agent');
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return {
      id: agentId,
      name: text(doc.name) ?? String(doc.phone),
      phone: String(doc.phone),
      ...(text(doc.company) ? { company: text(doc.company) } : {}),
      ...(text(doc.position) ? { position: text(doc.position) } : {}),
    };
  }

  private async isPublicListing(id: string): Promise<boolean> {
    const doc = await this.store
      .db('properties')
      .get(id)
      .catch((err) => {
        if (couchStatus(err) === 404) return null;
        throw err;
      });
    return doc !== null && !doc._deleted && canReadDocument('properties', doc, null);
  }

  /**
   * Counts one event for the agent unless already counted today under any of the names of the
   * person sending it (countedNames), or capped; a counted event keeps all its names.
   */
  async record(
    event: PromotionEvent,
    viewer: Viewer,
    names: readonly string[],
    now = Date.now(),
  ): Promise<PromotionEventResponse> {
    const agent = await this.agent(event.agentId);
    // An agent opening their own link, or a listing through it, is not a visitor.
    if (viewer?.id === event.agentId) return { counted: false, agent };
    // A view or a contact counts for a listing anyone can see, not for a made-up id (each would
    // count as a new viewer).
    if (event.propertyId && !(await this.isPublicListing(event.propertyId)))
      return { counted: false, agent };
    const day = promotionDay(now);
    const who = names.map((name) =>
      createHash('sha256')
        .update(`${name}|${event.type}|${event.propertyId ?? ''}`)
        .digest('hex')
        .slice(0, 16),
    );
    const counted = await this.inTurn.run(dayDocId(event.agentId, day), () =>
      this.count(event.agentId, day, event.type, who),
    );
    return { counted, agent };
  }

  /** Adds one event of `type` by `who` to the agent's day, unless already counted or capped. */
  private async count(
    agentId: string,
    day: string,
    type: PromotionEventType,
    who: string[],
  ): Promise<boolean> {
    // Other gateways write the same record: each round of concurrent writers lets at least one
    // through, and a short random pause spreads the rest, so a burst is counted rather than refused.
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) await pause(Math.random() * Math.min(100, 5 * attempt));
      const { doc, events, branches } = await this.load(agentId, day);
      if (isCounted(events[type], who) || doc.counts[type] >= PROMOTION_DAILY_CAP) return false;
      const next = { ...events, [type]: [...events[type], who] };
      try {
        await this.db.insert({ ...doc, counts: countsOf(next), seen: next });
        await this.dropBranches(doc._id, branches);
        return true;
      } catch (err) {
        if (couchStatus(err) !== 409) throw err; // a concurrent event: read again
      }
    }
    throw new HttpError(409, 'conflict');
  }

  /** The agent's last PROMOTION_STATS_DAYS days (oldest first, empty days included) and totals. */
  async stats(agentId: string, now = Date.now()): Promise<PromotionStatsResponse> {
    const prefix = `day:${agentId}:`;
    const res = await this.db.list({
      startkey: prefix,
      endkey: `${prefix}\ufff0`,
      include_docs: true,
      conflicts: true,
    });
    const byDay = new Map<string, PromotionCounts>();
    for (const row of res.rows) {
      const doc = row.doc as DayDoc | undefined;
      if (!doc) continue;
      const merged = doc._conflicts?.length ? (await this.load(agentId, doc.day)).doc : doc;
      byDay.set(doc.day, merged.counts);
    }
    // On a cluster `_all_docs` answers from one copy of each shard, which may not hold the latest
    // writes yet: the days still counting are read by id (a quorum read), as their writes read them.
    for (const day of [promotionDay(now - 86_400_000), promotionDay(now)]) {
      const { doc } = await this.load(agentId, day);
      if (doc._rev) byDay.set(day, doc.counts);
    }
    const totals = zero();
    for (const counts of byDay.values())
      for (const type of PROMOTION_EVENT_TYPES) totals[type] += counts[type] ?? 0;
    const days = Array.from({ length: PROMOTION_STATS_DAYS }, (_, i) => {
      const day = promotionDay(now - (PROMOTION_STATS_DAYS - 1 - i) * 86_400_000);
      return { day, ...(byDay.get(day) ?? zero()) };
    });
    return { agentId, days, totals };
  }

  /**
   * The agent's record of the day with its hidden branches' events merged in (counts recomputed),
   * and those branches' revisions, to remove once the merge is written.
   */
  private async load(
    agentId: string,
    day: string,
  ): Promise<{ doc: DayDoc; events: CountedEvents; branches: string[] }> {
    let stored: DayDoc;
    try {
      stored = await this.db.get(dayDocId(agentId, day), { conflicts: true });
    } catch (err) {
      if (couchStatus(err) !== 404) throw err;
      const doc = {
        _id: dayDocId(agentId, day),
        agent_id: agentId,
        day,
        counts: zero(),
        seen: noEvents(),
      };
      return { doc, events: noEvents(), branches: [] };
    }
    const { _conflicts: branches = [], ...winner } = stored;
    let events = eventsOf(winner);
    for (const rev of branches)
      events = mergeCounted(events, eventsOf(await this.db.get(winner._id, { rev })));
    const counts = branches.length > 0 ? countsOf(events) : winner.counts;
    return { doc: { ...winner, counts }, events, branches };
  }

  /** Removes branches whose events a written merge holds (one removed already is fine). */
  private async dropBranches(id: string, revs: string[]): Promise<void> {
    if (revs.length === 0) return;
    await this.db.bulk({ docs: revs.map((rev) => ({ _id: id, _rev: rev, _deleted: true })) });
  }
}
