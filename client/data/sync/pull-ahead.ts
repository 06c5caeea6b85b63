/**
 * The next pull page, fetched while the device stores the one before it. RxDB's replication asks
 * for a page only after it has written the previous one, so a first sync of thousands of listings
 * would wait on the network and on IndexedDB in turn; with one page read ahead the two overlap.
 */
import type { PullResponse } from '@couchdb/model/sync';

/** A page read ahead longer ago than this is fetched again (it may miss a moment's changes). */
export const PULL_AHEAD_MAX_AGE_MS = 10_000;

export class PullAhead {
  private next: { url: string; at: number; body: Promise<PullResponse | null> } | null = null;

  constructor(
    private readonly fetchPage: (url: string) => Promise<PullResponse>,
    private readonly maxAgeMs = PULL_AHEAD_MAX_AGE_MS,
  ) {}

  /** Starts fetching `url` now; a failure only means the page is fetched again when asked for. */
  start(url: string): void {
    const body = this.fetchPage(url).catch(() => null);
    this.next = { url, at: Date.now(), body };
  }

  /**
   * The page read ahead for `url`, once, or null (none, another page, too old, or it failed): the
   * caller then fetches it itself.
   */
  async take(url: string): Promise<PullResponse | null> {
    const next = this.next;
    this.next = null;
    if (!next || next.url !== url || Date.now() - next.at > this.maxAgeMs) return null;
    return next.body;
  }

  /** Forgets a page read ahead (the replication stopped or its identity changed). */
  clear(): void {
    this.next = null;
  }
}
