/**
 * The sitemap (architecture §8): the public screens, every listing and article a visitor may see,
 * each document with its last change, and the page of each 小区 those listings name (its last
 * change is its listings' latest). The documents are exactly those a visitor's pull receives
 * (the same projection, read from the gateway's change log, else the store), so a listing taken
 * down or an article withdrawn leaves the sitemap with its next change. Past `urlsMax` URLs the
 * sitemap is split into parts under an index, as the sitemaps protocol asks.
 */
import { PUBLIC_PAGES, SITEMAP_URLS_MAX } from '@couchdb/model/search-engine-facts';
import type { SyncCollection, SyncDocument } from '@couchdb/model/sync';
import { communityPath } from '@couchdb/rules/area-stats';
import { communityKey } from '@couchdb/rules/community-key';
import type { ChangeFeed } from './change-feed';
import { WRITES_WAIT_MS } from './sync/pull';
import type { SyncService } from './sync/sync-service';
import { visitorDocuments } from './visitor-documents';

/** One URL of the sitemap: its path and, for a document, its last change (ISO 8601). */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** The documents listed, with the path of each one's own page. */
const LISTED: readonly { collection: SyncCollection; path: (id: string) => string }[] = [
  { collection: 'properties', path: (id) => `/properties/${encodeURIComponent(id)}` },
  { collection: 'news', path: (id) => `/news/${encodeURIComponent(id)}` },
];

const xmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A sitemap answer: an index of parts, one part's URLs, or nothing (a part that does not exist). */
export type SitemapFile = { xml: string } | null;

export class SitemapService {
  /** The entries for the change logs' state they were read at (only the latest is kept). */
  private kept: { state: string; entries: Promise<SitemapEntry[]> } | null = null;

  constructor(
    private readonly sync: SyncService,
    private readonly feed: ChangeFeed | undefined,
    private readonly urlsMax = SITEMAP_URLS_MAX,
  ) {}

  /** Every URL of the sitemap: public screens, listings and articles in feed order, then 小区 pages. */
  async entries(): Promise<SitemapEntry[]> {
    // The writes this gateway has acknowledged (an admin's takedown) are in the log before it is read.
    const logs = LISTED.map(({ collection }) => this.feed?.log(collection));
    await Promise.all(logs.map((log) => log?.waitUntil(log.mark(), WRITES_WAIT_MS)));
    // The logs only grow: their lengths name their state. Without both, the store is read each time.
    const state = logs.every((log) => log) ? logs.map((log) => log!.changes).join(' ') : null;
    if (state !== null && this.kept?.state === state) return this.kept.entries;
    const entries = this.read();
    if (state !== null) {
      this.kept = { state, entries };
      entries.catch(() => {
        if (this.kept?.entries === entries) this.kept = null;
      });
    }
    return entries;
  }

  private async read(): Promise<SitemapEntry[]> {
    const entries: SitemapEntry[] = PUBLIC_PAGES.map(({ path }) => ({ path }));
    const communities = new Map<string, SitemapEntry>();
    for (const { collection, path } of LISTED) {
      for (const doc of await visitorDocuments(this.sync, collection)) {
        const lastmod = typeof doc.updated_at === 'string' ? doc.updated_at : undefined;
        entries.push({ path: path(doc.id), ...(lastmod ? { lastmod } : {}) });
        if (collection === 'properties') addCommunity(communities, doc, lastmod);
      }
    }
    return [...entries, ...communities.values()];
  }

  /**
   * `/sitemap.xml` (part 0) or `/sitemap-N.xml` (part N, only once the sitemap is split), with
   * absolute URLs on `origin`.
   */
  async file(part: number, origin: string): Promise<SitemapFile> {
    const entries = await this.entries();
    const parts = Math.ceil(entries.length / this.urlsMax);
    if (parts <= 1) return part === 0 ? { xml: urlSet(entries, origin) } : null;
    if (part === 0) {
      const sitemaps = Array.from({ length: parts }, (_, i) => {
        const slice = entries.slice(i * this.urlsMax, (i + 1) * this.urlsMax);
        return `<sitemap><loc>${xmlText(`${origin}/sitemap-${i + 1}.xml`)}</loc>${lastmodOf(latest(slice))}</sitemap>`;
      });
      return {
        xml: `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${sitemaps.join('\n')}\n</sitemapindex>\n`,
      };
    }
    if (part > parts) return null;
    return { xml: urlSet(entries.slice((part - 1) * this.urlsMax, part * this.urlsMax), origin) };
  }
}

/** Counts a public listing's 小区 in `communities` (by key; the name as first written names the page). */
function addCommunity(
  communities: Map<string, SitemapEntry>,
  listing: SyncDocument,
  lastmod: string | undefined,
): void {
  const address = listing.address as { community?: unknown } | undefined;
  const name = typeof address?.community === 'string' ? address.community : '';
  const key = communityKey(name);
  if (!key) return;
  const entry = communities.get(key) ?? { path: communityPath(name) };
  communities.set(key, { path: entry.path, lastmod: latest([entry, { path: '', lastmod }]) });
}

const lastmodOf = (at: string | undefined) => (at ? `<lastmod>${xmlText(at)}</lastmod>` : '');

/** The latest last change among `entries`, if any has one. */
function latest(entries: readonly SitemapEntry[]): string | undefined {
  let at: string | undefined;
  for (const { lastmod } of entries) {
    if (lastmod && (!at || Date.parse(lastmod) > Date.parse(at))) at = lastmod;
  }
  return at;
}

function urlSet(entries: readonly SitemapEntry[], origin: string): string {
  const urls = entries.map(
    ({ path, lastmod }) => `<url><loc>${xmlText(origin + path)}</loc>${lastmodOf(lastmod)}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`;
}
