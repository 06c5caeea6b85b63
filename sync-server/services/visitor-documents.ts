/**
 * Every document of a collection a visitor may see, as a visitor's pull receives them: the same
 * projection, read from the gateway's change log, else the store. The sitemap lists them; a first
 * screen shows the listings among them that it would show on a device holding them all.
 */
import { PULL_LIMIT_MAX, type SyncCollection, type SyncDocument } from '@couchdb/model/sync';
import type { ChangeFeed } from './change-feed';
import type { SyncService } from './sync/sync-service';

/** The documents of `collection` a visitor's pull from the start receives (stubs left out). */
export async function visitorDocuments(
  sync: SyncService,
  collection: SyncCollection,
): Promise<SyncDocument[]> {
  const docs = new Map<string, SyncDocument>();
  let checkpoint = null;
  for (;;) {
    const page = await sync.pull(collection, null, checkpoint, PULL_LIMIT_MAX);
    // A document changed between pages comes again: its latest version counts.
    for (const doc of page.documents) {
      docs.delete(doc.id);
      if (!doc._deleted) docs.set(doc.id, doc);
    }
    if (page.documents.length < PULL_LIMIT_MAX || !page.checkpoint) break;
    checkpoint = page.checkpoint;
  }
  return [...docs.values()];
}

/**
 * The public listings (`visitorDocuments` of properties) with the state of the change log they
 * were read from, read again only once the log has changed; concurrent callers share one read.
 * None while the gateway has no change log of listings (starting, or its feed failing): a first
 * screen does not walk the store.
 */
export class VisitorListings {
  private kept: { state: number; read: Promise<SyncDocument[]> } | null = null;

  constructor(
    private readonly sync: SyncService,
    private readonly feed: ChangeFeed,
  ) {}

  /** The listings and the state of the log they are of; null without a change log. */
  async current(): Promise<{ listings: SyncDocument[]; state: number } | null> {
    const log = this.feed.log('properties');
    if (!log) return null;
    // The log only grows: its length names its state.
    const state = log.changes;
    if (this.kept?.state !== state) {
      const read = visitorDocuments(this.sync, 'properties');
      const kept = { state, read };
      this.kept = kept;
      read.catch(() => {
        if (this.kept === kept) this.kept = null;
      });
    }
    return { listings: await this.kept.read, state };
  }
}
