/**
 * An in-memory copy of one database's _changes feed (latest version of each document, in feed
 * order), kept current by the change feed. Pulls read it instead of the store, so a burst of devices
 * pulling after a change costs the store nothing, also while writes are in flight: a pull waits
 * (briefly) only for the writes this gateway made before it came. Positions are looked up
 * by the store's own sequence strings (never compared or computed on), or by the set of versions
 * the log held there (its state, below); an unknown checkpoint falls back to the store.
 */
import { createHash } from 'node:crypto';
import type { SyncCheckpoint } from '@couchdb/model/sync';
import type { StoredDoc } from './sync/projection';

/** An own write the feed has not shown after this long is no longer waited for. */
const EXPECT_TIMEOUT_MS = 10_000;

/** The generation of a document revision ("3-abc" → 3): it only grows for one document. */
const revisionNumber = (rev: string): number => Number.parseInt(rev, 10) || 0;

/** A write this gateway made that the feed has not shown yet. */
interface AwaitedWrite {
  /** Its place among this gateway's writes (1, 2, …). */
  ticket: number;
  id: string;
  rev: number;
  /** The account that made it, if any (a view counter has none). */
  writer: string | undefined;
  at: number;
}

/**
 * The set of document versions (each document's latest revision) as a 16-byte digest: the XOR of
 * each version's hash, so adding one version and removing the one it supersedes is two XORs, and
 * the same set gives the same digest whatever order its changes came in. A store's sequence strings
 * name a position in one read of its feed; a sharded CouchDB interleaves its shards differently in
 * every read, so two gateways (or one before and after a restart) seldom share them. When they
 * have seen the same changes, they hold the same set, and recognise each other's checkpoints by it.
 */
class VersionSet {
  private readonly digest = Buffer.alloc(16);

  /** Adds `id` at `rev` when absent, removes it when present. */
  toggle(id: string, rev: unknown): void {
    const hash = createHash('sha256')
      .update(`${id}\u0000${String(rev)}`)
      .digest();
    for (let i = 0; i < this.digest.length; i++) this.digest[i]! ^= hash[i]!;
  }

  toString(): string {
    return this.digest.toString('base64url');
  }
}

export class ChangeLog {
  /** Sequence of every change seen, in feed order (superseded ones included). */
  private readonly seqs: string[] = [];
  /** The document of each change, or null once a later change of the same document superseded it. */
  private readonly docs: (StoredDoc | null)[] = [];
  private readonly positionBySeq = new Map<string, number>();
  private readonly positionById = new Map<string, number>();
  /**
   * Every document id the log holds (ids never leave: a deletion is a version), in id order once
   * sorted again after ids were added: a sort that finds one long sorted run and a few new ids
   * merges them instead of sorting all again.
   */
  private readonly ids: string[] = [];
  private idsSorted = true;
  /** The set of versions held after each change (VersionSet), and the last position of each. */
  private readonly states: string[] = [];
  private readonly positionByState = new Map<string, number>();
  private readonly versions = new VersionSet();
  /** True once the initial read of the whole feed has finished. */
  ready = false;
  /**
   * True when the store keeps one copy of each change (a CouchDB database with n = 1): a read of
   * the store then holds everything the log held before the read began (pull.ts pullFromStore).
   */
  singleCopy = false;
  /** Tickets given to this gateway's writes so far. */
  private issued = 0;
  /** Every write up to this ticket has come through the feed (or expired). */
  private settledThrough = 0;
  /** Writes not yet seen in the feed, by ticket (oldest first), by document and by writer. */
  private readonly open = new Map<number, AwaitedWrite>();
  private readonly openByDoc = new Map<string, AwaitedWrite[]>();
  private readonly openByWriter = new Map<string, number>();
  /** Pulls waiting for the feed to bring every write up to their mark. */
  private waiters: { mark: number; wake: () => void }[] = [];

  /**
   * Notes a write this gateway just made (by `writer`, an account id, if any). The feed may have
   * brought it already (its answer can overtake the write's own): then there is nothing to wait for.
   */
  expect(id: string, rev: string, writer?: string): void {
    const position = this.positionById.get(id);
    const seen = position === undefined ? undefined : this.docs[position]?._rev;
    if (typeof seen === 'string' && revisionNumber(seen) >= revisionNumber(rev)) return;
    const write = { ticket: ++this.issued, id, rev: revisionNumber(rev), writer, at: Date.now() };
    this.open.set(write.ticket, write);
    this.openByDoc.set(id, [...(this.openByDoc.get(id) ?? []), write]);
    if (writer) this.openByWriter.set(writer, (this.openByWriter.get(writer) ?? 0) + 1);
    this.expire();
  }

  /** Where this gateway's writes stand now: a pull waits for the ones made up to here. */
  mark(): number {
    return this.issued;
  }

  /** Whether every write up to `mark` has reached the log (writes not seen for 10 s expire). */
  caughtUpTo(mark: number): boolean {
    this.expire();
    return this.settledThrough >= mark;
  }

  /** Whether `writer` has writes the log does not show yet. */
  awaitsWriter(writer: string): boolean {
    this.expire();
    return this.openByWriter.has(writer);
  }

  /**
   * Resolves true as soon as every write up to `mark` has reached the log, or false after
   * `timeoutMs` (the feed is late).
   */
  waitUntil(mark: number, timeoutMs: number): Promise<boolean> {
    if (this.caughtUpTo(mark)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        mark,
        wake: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(this.caughtUpTo(mark));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Forgets writes the feed has not shown for too long (it never will, or we stop waiting). */
  private expire(): void {
    const before = Date.now() - EXPECT_TIMEOUT_MS;
    for (const write of this.open.values()) {
      if (write.at >= before) break;
      this.settle(write);
    }
  }

  /** A write has come through (or expired): pulls waiting for it and every earlier one go on. */
  private settle(write: AwaitedWrite): void {
    this.open.delete(write.ticket);
    const forDoc = (this.openByDoc.get(write.id) ?? []).filter((w) => w !== write);
    if (forDoc.length > 0) this.openByDoc.set(write.id, forDoc);
    else this.openByDoc.delete(write.id);
    if (write.writer) {
      const left = (this.openByWriter.get(write.writer) ?? 1) - 1;
      if (left > 0) this.openByWriter.set(write.writer, left);
      else this.openByWriter.delete(write.writer);
    }
    const from = this.settledThrough;
    while (this.settledThrough < this.issued && !this.open.has(this.settledThrough + 1))
      this.settledThrough++;
    if (this.settledThrough === from || this.waiters.length === 0) return;
    const through = this.settledThrough;
    const ready = this.waiters.filter((w) => w.mark <= through);
    this.waiters = this.waiters.filter((w) => w.mark > through);
    for (const w of ready) w.wake();
  }

  get lastSeq(): string | undefined {
    return this.seqs[this.seqs.length - 1];
  }

  get size(): number {
    return this.positionById.size;
  }

  /** Changes seen so far: the log only grows, so this names its state (pull-pages.ts). */
  get changes(): number {
    return this.seqs.length;
  }

  /** Whether the log holds a version of document `id`. */
  has(id: string): boolean {
    return this.positionById.has(id);
  }

  /** Whether the log holds `doc`'s version of it, or a newer one. */
  holds(doc: StoredDoc): boolean {
    const latest = this.latest(doc._id);
    return !!latest && revisionNumber(String(latest._rev)) >= revisionNumber(String(doc._rev));
  }

  /**
   * The latest version of document `id` as far as this gateway knows (deleted ones as their
   * tombstone), null when it never existed, or undefined while a write of it this gateway made has
   * not come through the feed. Another gateway's newer write is caught by the store's revision check.
   */
  latest(id: string): StoredDoc | null | undefined {
    this.expire();
    if (this.openByDoc.has(id)) return undefined;
    const position = this.positionById.get(id);
    return position === undefined ? null : (this.docs[position] ?? null);
  }

  /** Records a change (design documents are recorded as positions only). */
  append(seq: string, doc: StoredDoc | null): void {
    const position = this.seqs.length;
    this.seqs.push(seq);
    this.positionBySeq.set(seq, position);
    if (!doc) {
      this.docs.push(null);
      this.noteState(position);
      return;
    }
    const awaited = this.openByDoc.get(doc._id);
    if (awaited && typeof doc._rev === 'string') {
      const seen = revisionNumber(doc._rev);
      for (const write of awaited) if (write.rev <= seen) this.settle(write);
    }
    const previous = this.positionById.get(doc._id);
    if (previous === undefined) {
      this.ids.push(doc._id);
      this.idsSorted = false;
    } else {
      this.versions.toggle(doc._id, this.docs[previous]?._rev);
      this.docs[previous] = null;
    }
    this.versions.toggle(doc._id, doc._rev);
    this.docs.push(doc);
    this.positionById.set(doc._id, position);
    this.noteState(position);
  }

  private noteState(position: number): void {
    const state = this.versions.toString();
    this.states.push(state);
    this.positionByState.set(state, position);
  }

  /**
   * Where reading resumes after a checkpoint (0 for the start): after its sequence when this log
   * holds it, else after the last position where the log held the set of versions the checkpoint
   * names (`state`, a checkpoint another gateway gave, or this one before a restart). Undefined when
   * neither is known here.
   */
  startAfter(seq: string | null, state?: string): number | undefined {
    if (seq === null || seq === '0') return 0;
    const position =
      this.positionBySeq.get(seq) ??
      (state === undefined ? undefined : this.positionByState.get(state));
    return position === undefined ? undefined : position + 1;
  }

  /** Where in `ids` the first id after `id` is (binary search; ids compare by code unit). */
  private idsAfter(id: string): number {
    if (!this.idsSorted) {
      this.ids.sort();
      this.idsSorted = true;
    }
    let low = 0;
    let high = this.ids.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ids[middle]! <= id) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Walks, in id order from the first id after `after`, the documents whose latest version the log
   * held before position `end` (those changed again since are met in the feed after it), calling
   * `visit` with each until it returns false. The walk of a first sync (pull.ts): the same set of
   * versions gives the same walk in any gateway's log, whatever order its changes came in.
   */
  scanHeld(end: number, after: string, visit: (doc: StoredDoc) => boolean): void {
    for (let i = this.idsAfter(after); i < this.ids.length; i++) {
      const position = this.positionById.get(this.ids[i]!)!;
      const doc = position < end ? this.docs[position] : null;
      if (doc && !visit(doc)) return;
    }
  }

  /** The checkpoint after the change at `seq`, one of this log's. */
  checkpointAt(seq: string): SyncCheckpoint {
    const position = this.positionBySeq.get(seq);
    return { seq, ...(position === undefined ? {} : { state: this.states[position] }) };
  }

  /** The checkpoint reading from `start` resumes after: the start of the feed for 0. */
  checkpointBefore(start: number): SyncCheckpoint {
    return start === 0
      ? { seq: '0' }
      : { seq: this.seqs[start - 1]!, state: this.states[start - 1] };
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
