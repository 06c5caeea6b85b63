/**
 * A pulled page handed to RxDB in slices of the size RxDB asks for. A visitor's first page is
 * bigger than RxDB's (PULL_LIMIT_MAX listings, fetched while the app loads: boot-prefetch.ts), and
 * RxDB stores what one pull answers in one bulk write: on a county's listings and a phone's CPU,
 * one main-thread task of 90-140 ms (bench long-tasks --listings 10000). In slices, each write is
 * a page of the usual size.
 *
 * Each slice carries its own checkpoint: the one the page was pulled from, plus where in the page
 * the next slice starts (`part`). RxDB stores a slice's checkpoint once the slice is stored, so a
 * replication that restarts (the page closed, offline) asks again from exactly there: the rest of
 * the page if it is still here, else the page again from its start (what is already stored is
 * equal and not written again). The last slice carries the page's own checkpoint.
 */
import type { PullResponse, SyncCheckpoint, SyncDocument } from '@couchdb/model/sync';

/** Where in a page pulled from a checkpoint the next slice starts. Only the device knows it. */
export interface PagePart {
  /** The page's own checkpoint (its end: `endOf`); another page pulled from the same place differs. */
  page: string | null;
  next: number;
}

/** A pull checkpoint, maybe inside a page (RxDB stores it as it is given). */
export type SlicedCheckpoint = Partial<SyncCheckpoint> & { part?: PagePart | null };

export interface PullSlice {
  documents: SyncDocument[];
  checkpoint: SlicedCheckpoint;
}

/** The checkpoint the page was pulled from: `checkpoint` without its place inside the page. */
export function pageStart(checkpoint: SlicedCheckpoint | undefined): SlicedCheckpoint | undefined {
  if (!checkpoint?.part) return checkpoint;
  const { part: _part, ...start } = checkpoint;
  return start;
}

/**
 * `checkpoint` at a page's boundary. `part: null` overrides a slice's part: RxDB merges each
 * checkpoint into the one before it.
 */
const whole = (checkpoint: SlicedCheckpoint | null | undefined): SlicedCheckpoint => ({
  ...checkpoint,
  part: null,
});

/** A page's end, as its parts name it: the feed's position, and the walk's last id in a first sync. */
const endOf = (checkpoint: SyncCheckpoint | null): string | null =>
  checkpoint && (checkpoint.after ? `${checkpoint.seq} ${checkpoint.after}` : checkpoint.seq);

const keyOf = (checkpoint: SlicedCheckpoint | undefined) =>
  JSON.stringify([
    checkpoint?.seq,
    checkpoint?.state,
    checkpoint?.after,
    checkpoint?.role,
    checkpoint?.was,
    checkpoint?.sig,
  ]);

export class PullSlices {
  private page: { from: string; body: PullResponse; size: number } | null = null;

  /**
   * The slice `checkpoint` points at (a slice after the first of a page still here), or null: the
   * caller pulls from `pageStart(checkpoint)` and hands the answer to `first`.
   */
  next(checkpoint: SlicedCheckpoint | undefined): PullSlice | null {
    const part = checkpoint?.part;
    const page = this.page;
    if (!part || !page || page.from !== keyOf(checkpoint)) return null;
    if (part.page !== endOf(page.body.checkpoint)) return null;
    return this.slice(pageStart(checkpoint), part.next);
  }

  /**
   * The first slice of `body`, pulled from `from`, in slices of `size`; the rest is kept for the
   * calls that follow.
   */
  first(from: SlicedCheckpoint | undefined, body: PullResponse, size: number): PullSlice {
    this.page = body.documents.length > size ? { from: keyOf(from), body, size } : null;
    if (!this.page)
      return { documents: body.documents, checkpoint: whole(body.checkpoint ?? from) };
    return this.slice(from, 0);
  }

  private slice(from: SlicedCheckpoint | undefined, start: number): PullSlice {
    const { body, size } = this.page!;
    const end = start + size;
    const documents = body.documents.slice(start, end);
    if (end >= body.documents.length) {
      this.page = null;
      return { documents, checkpoint: whole(body.checkpoint ?? from) };
    }
    return {
      documents,
      checkpoint: { ...from, part: { page: endOf(body.checkpoint), next: end } },
    };
  }
}

/** How long a slice waits at most for the ones before it to be stored (see SliceWrites). */
export const SLICE_WAIT_MAX_MS = 1_000;

/**
 * Holds a page's next slice back until RxDB has stored the slices before the last one it was
 * given. RxDB asks for the next page as soon as it has one and gathers all it has not stored yet
 * into its next write: without this, a page's slices would be one write again (on a fast network,
 * several pages). One slice waits while the one before it is written, so the writes follow each
 * other without a gap.
 *
 * It counts the documents RxDB reports stored, which matches what it was given when every
 * document is new to the device (a first sync's first page, the only page in slices). If a wait
 * runs out (documents the device already held, which RxDB does not write again), it stops
 * waiting for good.
 */
export class SliceWrites {
  private stored = 0;
  /** `stored` when the page's first slice was handed to RxDB. */
  private base = 0;
  /** The page's documents handed to RxDB: all, and all but the last slice's. */
  private handedAll = 0;
  private handedBefore = 0;
  private waiting: (() => void) | null = null;
  private counts = true;

  constructor(private readonly maxWaitMs = SLICE_WAIT_MAX_MS) {}

  /** RxDB stored a pulled document. */
  storedOne(): void {
    this.stored++;
    this.waiting?.();
  }

  /** A page's first slice of `count` documents went to RxDB. */
  newPage(count: number): void {
    this.base = this.stored;
    this.handedAll = count;
    this.handedBefore = 0;
  }

  /** Another slice of the page, of `count` documents, went to RxDB. */
  handed(count: number): void {
    this.handedBefore = this.handedAll;
    this.handedAll += count;
  }

  /** Resolves once the page's slices before the last one handed are stored (or the wait ran out). */
  allButLast(): Promise<void> {
    const done = () => !this.counts || this.stored - this.base >= this.handedBefore;
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.waiting = null;
        resolve();
      };
      const timer = setTimeout(() => {
        this.counts = false;
        finish();
      }, this.maxWaitMs);
      this.waiting = () => {
        if (done()) finish();
      };
    });
  }
}
