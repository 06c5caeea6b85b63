/**
 * Visitors' pull pages encoded once and sent as they are to every visitor who asks for the same
 * page while the change log has not moved (every visitor walking the public feed from the start,
 * every device polling from the head after a change). A visitor's projection depends on the stored
 * document alone, so the bytes are the same for each of them; signed-in callers, whose projection
 * depends on who they are, never read from here. Bounded: least recently used pages go first.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PullResponse, SyncCollection } from '@couchdb/model/sync';
import type { ChangeLog } from '../change-log';

/** A pull answer as sent: its JSON bytes, and the same gzipped once a device asked for that. */
export interface EncodedPull {
  json: Buffer;
  gzipped?: Promise<Buffer>;
}

/** Smaller answers (a device that is up to date) are sent as they are: not worth compressing. */
export const PULL_GZIP_MIN_BYTES = 1024;

const gzipAsync = promisify(gzip);

/**
 * The page gzipped (off the event loop, in zlib's thread pool), made once per encoded page: a
 * visitors' page shared by many devices is compressed once. A first sync's pages are JSON that
 * shrinks about five times, which is what a phone on a county mobile network waits for.
 */
export function gzippedPull(page: EncodedPull): Promise<Buffer> {
  page.gzipped ??= gzipAsync(page.json).catch((err: unknown) => {
    // Not kept: the next device asking for this shared page tries again.
    page.gzipped = undefined;
    throw err;
  });
  return page.gzipped;
}

/** How many bytes of encoded pages are kept (a page of 100 listings is about 100–200 KB). */
export const PULL_PAGES_MAX_BYTES = 8 * 1024 * 1024;

export const encodePull = (response: PullResponse): EncodedPull => ({
  json: Buffer.from(JSON.stringify(response)),
});

export class PullPages {
  private readonly pages = new Map<string, EncodedPull>();
  private bytes = 0;
  /** Pages answered from memory and pages encoded (for tests and benches). */
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes = PULL_PAGES_MAX_BYTES) {}

  /**
   * The visitors' page of `collection` from log position `from` (up to `limit` documents), built
   * by `read` unless it is kept already for the log as it is now.
   */
  visitorPage(
    collection: SyncCollection,
    log: ChangeLog,
    from: { start: number; after?: string },
    limit: number,
    read: () => PullResponse,
  ): EncodedPull {
    // The log only ever grows: its length names its state (a change also supersedes older entries).
    const key = [collection, log.changes, from.start, from.after ?? '\u0001', limit].join('\u0000');
    const kept = this.pages.get(key);
    if (kept) {
      this.hits++;
      // Most recently used last: eviction takes from the front.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept;
    }
    this.misses++;
    const page = encodePull(read());
    if (page.json.length <= this.maxBytes / 4) {
      this.pages.set(key, page);
      this.bytes += page.json.length;
      for (const [oldKey, old] of this.pages) {
        if (this.bytes <= this.maxBytes) break;
        this.pages.delete(oldKey);
        this.bytes -= old.json.length;
      }
    }
    return page;
  }

  /** Bytes kept now. */
  get size(): number {
    return this.bytes;
  }
}
