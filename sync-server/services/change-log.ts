/**
 * An in-memory copy of one database's _changes feed (latest version of each document, in feed
 * order), kept current by the change feed. Pulls read it instead of the store, so a burst of devices
 * pulling after a change costs the store nothing. Positions are looked up by the store's own
 * sequence strings (never compared or computed on); an unknown checkpoint falls back to the store.
 */
import type { StoredDoc } from './projection';

/** An own write the feed has not shown after this long is no longer waited for. */
const EXPECT_TIMEOUT_MS = 10_000;

/** The generation of a document revision ("3-abc" → 3): it only grows for one document. */
const revisionNumber = (rev: string): number => Number.parseInt(rev, 10) || 0;

export class ChangeLog {
  /** Sequence of every change seen, in feed order (superseded ones included). */
  private readonly seqs: string[] = [];
  /** The document of each change, or null once a later change of the same document superseded it. */
  private readonly docs: (StoredDoc | null)[] = [];
  private readonly positionBySeq = new Map<string, number>();
  private readonly positionById = new Map<string, number>();
  /** True once the initial read of the whole feed has finished. */
  ready = false;
  /** This gateway's own writes not yet seen in the feed: id → [revision number, time written]. */
  private readonly awaited = new Map<string, [number, number]>();

  /**
   * Notes a write this gateway just made. Until the feed brings it, pulls go to the store, so a
   * device reads its own writes at once.
   */
  expect(id: string, rev: string): void {
    this.awaited.set(id, [revisionNumber(rev), Date.now()]);
  }

  /** Whether every write this gateway made has reached the log (stale expectations expire). */
  get caughtUp(): boolean {
    const now = Date.now();
    for (const [id, [, at]] of this.awaited)
      if (now - at > EXPECT_TIMEOUT_MS) this.awaited.delete(id);
    return this.awaited.size === 0;
  }

  get lastSeq(): string | undefined {
    return this.seqs[this.seqs.length - 1];
  }

  get size(): number {
    return this.positionById.size;
  }

  /** Records a change (design documents are recorded as positions only). */
  append(seq: string, doc: StoredDoc | null): void {
    const position = this.seqs.length;
    this.seqs.push(seq);
    this.positionBySeq.set(seq, position);
    if (!doc) {
      this.docs.push(null);
      return;
    }
    const awaited = this.awaited.get(doc._id);
    if (awaited && typeof doc._rev === 'string' && revisionNumber(doc._rev) >= awaited[0])
      this.awaited.delete(doc._id);
    const previous = this.positionById.get(doc._id);
    if (previous !== undefined) this.docs[previous] = null;
    this.docs.push(doc);
    this.positionById.set(doc._id, position);
  }

  /** Where reading resumes after `seq` (0 for the start), or undefined when `seq` is unknown here. */
  startAfter(seq: string | null): number | undefined {
    if (seq === null || seq === '0') return 0;
    const position = this.positionBySeq.get(seq);
    return position === undefined ? undefined : position + 1;
  }

  /** Walks live documents from `start`, calling `visit` with each and its sequence until it returns false. */
  scan(start: number, visit: (doc: StoredDoc, seq: string) => boolean): string | undefined {
    let last: string | undefined;
    for (let i = start; i < this.seqs.length; i++) {
      last = this.seqs[i];
      const doc = this.docs[i];
      if (doc && !visit(doc, last!)) return last;
    }
    return last;
  }
}
