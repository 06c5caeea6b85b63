/**
 * Promotion statistics (architecture §4, issue 15): visits through an agent's link, listings viewed and
 * contacts opened while the visitor's device holds the agent's promotion. One document per agent
 * and day in the private `promotions` database holds the counts and the short hashes of who was
 * counted, so an event counts once per person a day (a view or contact once per listing; a device
 * signed out and its user signed in on it are one person), at most PROMOTION_DAILY_CAP of a kind
 * per agent a day, each counted event keeping at most two hashes; the store's revisions keep that
 * true under concurrent requests and across gateways.
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
import type {
  PromotionEvent,
  PromotionEventResponse,
  PromotionStatsResponse,
} from '@couchdb/model/promotion';
import { canReadDocument, type Viewer } from '@couchdb/rules/access';
import { HttpError } from '../http-error';
import { couchStatus, type Store } from '../store/couch';

type Counts = Record<PromotionEventType, number>;

interface DayDoc {
  _id: string;
  _rev?: string;
  agent_id: string;
  day: string;
  counts: Counts;
  /** Short hashes of the names (and listings) counted today, per kind: one or two per count. */
  seen: Record<PromotionEventType, string[]>;
}

/** Writes tried against concurrent events before giving up (409). */
const MAX_ATTEMPTS = 60;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const zero = (): Counts => ({ visit: 0, view: 0, contact: 0 });
const dayDocId = (agentId: string, day: string) => `day:${agentId}:${day}`;

export class PromotionService {
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
    // Each round of concurrent writers lets at least one through; a short random pause spreads
    // the rest, so a burst of visitors is counted rather than refused.
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) await pause(Math.random() * Math.min(100, 5 * attempt));
      const current = await this.load(event.agentId, day);
      const seen = current.seen[event.type];
      if (
        who.some((hash) => seen.includes(hash)) ||
        current.counts[event.type] >= PROMOTION_DAILY_CAP
      )
        return { counted: false, agent };
      const next: DayDoc = {
        ...current,
        counts: { ...current.counts, [event.type]: current.counts[event.type] + 1 },
        seen: { ...current.seen, [event.type]: [...seen, ...who] },
      };
      try {
        await this.db.insert(next);
        return { counted: true, agent };
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
    });
    const byDay = new Map<string, Counts>();
    const totals = zero();
    for (const row of res.rows) {
      const doc = row.doc as DayDoc | undefined;
      if (!doc) continue;
      byDay.set(doc.day, doc.counts);
      for (const type of PROMOTION_EVENT_TYPES) totals[type] += doc.counts[type] ?? 0;
    }
    const days = Array.from({ length: PROMOTION_STATS_DAYS }, (_, i) => {
      const day = promotionDay(now - (PROMOTION_STATS_DAYS - 1 - i) * 86_400_000);
      return { day, ...(byDay.get(day) ?? zero()) };
    });
    return { agentId, days, totals };
  }

  private async load(agentId: string, day: string): Promise<DayDoc> {
    try {
      return await this.db.get(dayDocId(agentId, day));
    } catch (err) {
      if (couchStatus(err) !== 404) throw err;
    }
    return {
      _id: dayDocId(agentId, day),
      agent_id: agentId,
      day,
      counts: zero(),
      seen: { visit: [], view: [], contact: [] },
    };
  }
}
