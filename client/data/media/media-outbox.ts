/**
 * Listings published on this device whose photos and videos are not on the server yet (architecture §7).
 * The files wait as Blobs in IndexedDB (so a reload or a closed browser loses nothing) and upload
 * resumably (resumable-upload.ts: a try goes on from the bytes the gateway holds) with progress,
 * 3 tries each at 1 s × attempt, then wait for the next connection; once every file of a
 * listing is stored, the listing goes into RxDB with its media and syncs like any other write.
 * An edit that adds files waits here the same way, then sets the listing's media (kept + new); if
 * that listing is not on this device then, the files are kept (and shown) until it is back or the
 * user discards them. The database itself (shared with draft-media.ts) is outbox-db.ts.
 */
import type { IDBPTransaction } from 'idb';
import type { Subscription } from 'rxjs';
import { UPLOAD_BACKOFF_MS, UPLOAD_MAX_ATTEMPTS } from '@couchdb/model/constants';
import { mediaTypeOf, UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import { PROPERTY_FORM_MESSAGES } from '@couchdb/model/property-facts';
import { Backoff, sleep, type BackoffPolicy } from '@client/lib/backoff';
import { describeFailure } from '@client/lib/failure';
import type { HttpClient } from '@client/lib/http';
import type { DeviceDatabase } from '../storage/database';
import { composeListingMedia, type ListingMedia } from './listing-media';
import { UploadError, uploadOutboxFile } from './outbox-upload';
import { requestBackgroundUpload } from './background-upload';
import { connectionKind, mayUploadVideo, onConnectionChange, videoWifiOnly } from './video-network';
import {
  fileWaits,
  FILES,
  openOutboxDb,
  OutboxConnection,
  outboxLockName,
  PUBLICATIONS,
  putOutboxFile,
  STRICT,
  whenCommitted,
  type OutboxDb,
  type OutboxFile,
  type OutboxListing,
  type OutboxPublication,
  type OutboxSchema,
} from './outbox-db';
import { syncStatus } from '../sync/sync-status';

export type { OutboxFile, OutboxFileStatus, OutboxListing, OutboxPublication } from './outbox-db';

export interface OutboxEntry {
  publication: OutboxPublication;
  files: OutboxFile[];
}

/** Upload tries wait 1 s × attempt (product §5, `uploadBackoffMs`), exactly: no jitter. */
export const UPLOAD_RETRY: BackoffPolicy = {
  baseMs: UPLOAD_BACKOFF_MS,
  maxMs: UPLOAD_BACKOFF_MS * UPLOAD_MAX_ATTEMPTS,
  growth: 'linear',
  jitter: 0,
};
const uploadBackoff = new Backoff(UPLOAD_RETRY);

/** A transaction that writes waiting listings with their files. */
type EntriesTx = IDBPTransaction<OutboxSchema, (typeof PUBLICATIONS | typeof FILES)[], 'readwrite'>;

/** Every waiting listing of `userId` (the outbox's database is the browser's, shared). */
async function publicationsOf(db: OutboxDb, userId: string): Promise<OutboxPublication[]> {
  const tx = db.transaction(PUBLICATIONS);
  const all = await whenCommitted(tx, () => tx.store.getAll());
  return all.filter((p) => p.userId === userId);
}

/** Deletes a waiting listing and its files, in `tx`. */
async function deleteEntry(tx: EntriesTx, id: string): Promise<void> {
  const files = tx.objectStore(FILES);
  const keys = await files.index('publication').getAllKeys(id);
  await Promise.all([
    tx.objectStore(PUBLICATIONS).delete(id),
    ...keys.map((key) => files.delete(key)),
  ]);
}

/**
 * At a sign-out that keeps the account's unsent items: they are held for its next sign-in here
 * (the background upload leaves them alone), and its failed files get their tries back, so they
 * upload then (a failed file otherwise waits for 重试).
 */
export async function holdOutboxOf(userId: string): Promise<void> {
  const db = await openOutboxDb();
  try {
    const tx = db.transaction([PUBLICATIONS, FILES], 'readwrite', STRICT);
    await whenCommitted(tx, async () => {
      const publications = (await tx.objectStore(PUBLICATIONS).getAll()).filter(
        (p) => p.userId === userId,
      );
      const ids = new Set(publications.map((p) => p.id));
      const files = await tx.objectStore(FILES).getAll();
      await Promise.all([
        ...publications.map((p) => tx.objectStore(PUBLICATIONS).put({ ...p, heldAtSignOut: true })),
        ...files
          .filter((file) => ids.has(file.publication) && file.status !== 'done')
          .map((file) => tx.objectStore(FILES).put({ ...file, status: 'pending', attempts: 0 })),
      ]);
    });
  } finally {
    db.close();
  }
}

/** At a sign-out that discards the account's unsent items: its waiting listings and files go. */
export async function discardOutboxOf(userId: string): Promise<void> {
  const db = await openOutboxDb();
  try {
    const ids = (await publicationsOf(db, userId)).map((p) => p.id);
    const tx = db.transaction([PUBLICATIONS, FILES], 'readwrite', STRICT);
    await whenCommitted(tx, () => Promise.all(ids.map((id) => deleteEntry(tx, id))));
  } finally {
    db.close();
  }
}

/** Whether a listing's uploading stopped at a file that failed (nothing else uploads or waits). */
export function uploadingStopped(files: readonly OutboxFile[]): boolean {
  return (
    files.some((f) => f.status === 'failed') &&
    !files.some((f) => f.status === 'pending' || f.status === 'uploading')
  );
}

/** How soon after a change the header's status is told (progress changes many times a second). */
const REPORT_DELAY_MS = 250;

export class MediaOutbox {
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  /** The run asked for during a run, after it. */
  private runAfter: Promise<void> | null = null;
  private stopped = false;
  /** Aborts the wait between tries on stop. */
  private readonly stopping = new AbortController();
  private readonly connection = new OutboxConnection();
  /** Edited listings not on this device, by id: their files are added once they are back. */
  private readonly missingListings = new Map<string, Subscription>();
  private reportTimer: ReturnType<typeof setTimeout> | undefined;
  private reportAgain = false;
  private reportsStarted = 0;
  private offConnectionChange: () => void = () => undefined;
  /** Bytes sent of the files uploading now, by file id: kept in memory, not written at each step. */
  private readonly live = new Map<string, number>();

  constructor(
    private readonly database: DeviceDatabase,
    private readonly userId: string,
    private readonly http: HttpClient,
  ) {}

  /** Whether this environment can hold and upload files (a browser with IndexedDB). */
  static supported(): boolean {
    return (
      typeof window !== 'undefined' &&
      typeof indexedDB !== 'undefined' &&
      typeof XMLHttpRequest !== 'undefined'
    );
  }

  start(): void {
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onLeaving);
    globalThis.document?.addEventListener('visibilitychange', this.onVisibilityChange);
    this.offConnectionChange = onConnectionChange(this.onConnectionChange);
    this.reportSoon();
    void this.requeueThenProcess();
  }

  stop(): void {
    this.stopped = true;
    this.stopping.abort();
    clearTimeout(this.reportTimer);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onLeaving);
    globalThis.document?.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.offConnectionChange();
    for (const watch of this.missingListings.values()) watch.unsubscribe();
    this.missingListings.clear();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Keeps a new listing (or, with `editOf`, new files for an existing one) and its files, then starts
   * uploading if there is a connection. `kept`: media already on the server that come first.
   * Without files there is nothing to wait for: the listing is written at once (offline too).
   */
  async add(
    listing: OutboxListing,
    files: readonly File[],
    options: { kept?: ListingMedia[]; editOf?: string; publicationId?: string } = {},
  ): Promise<void> {
    const publication: OutboxPublication = {
      id: options.publicationId ?? listing.id,
      userId: this.userId,
      listing,
      createdAt: new Date().toISOString(),
      ...(options.kept ? { kept: options.kept } : {}),
      ...(options.editOf ? { editOf: options.editOf } : {}),
    };
    if (files.length === 0) {
      await this.publish({ publication, files: [] });
      return;
    }
    const db = await this.db();
    const tx = db.transaction([PUBLICATIONS, FILES], 'readwrite', STRICT);
    await whenCommitted(tx, () =>
      Promise.all([
        tx.objectStore(PUBLICATIONS).put(publication),
        ...files.map((file, sort) =>
          tx.objectStore(FILES).put({
            id: `${publication.id}:${sort}`,
            publication: publication.id,
            sort,
            name: file.name,
            kind: mediaTypeOf(file) ?? 'image',
            // A Blob copy: the File's handle may not outlive the page on every browser.
            blob: new Blob([file], { type: file.type }),
            status: 'pending',
            progress: 0,
            attempts: 0,
          } satisfies OutboxFile),
        ),
      ]),
    );
    this.notify();
    if (navigator.onLine === false) void this.onLeaving();
    void this.process();
  }

  /** This user's listings still waiting for their media, oldest first. */
  async entries(): Promise<OutboxEntry[]> {
    const db = await this.db();
    const tx = db.transaction([PUBLICATIONS, FILES]);
    const [publications, files] = await whenCommitted(tx, () =>
      Promise.all([tx.objectStore(PUBLICATIONS).getAll(), tx.objectStore(FILES).getAll()]),
    );
    return publications
      .filter((p) => p.userId === this.userId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((publication) => ({
        publication,
        files: files
          .filter((f) => f.publication === publication.id)
          .sort((a, b) => a.sort - b.sort)
          .map((f) => this.withLiveProgress(f)),
      }));
  }

  /** A file as stored, with the bytes its upload under way has sent so far. */
  private withLiveProgress(file: OutboxFile): OutboxFile {
    const sentBytes = this.live.get(file.id) ?? file.sentBytes ?? 0;
    const progress =
      file.status === 'done'
        ? 100
        : file.blob.size > 0
          ? Math.floor((sentBytes / file.blob.size) * 100)
          : 0;
    return { ...file, sentBytes, progress };
  }

  /** Failed files get their tries back and uploading starts again. */
  async retry(): Promise<void> {
    for (const { files } of await this.entries()) {
      for (const file of files)
        // A refused file would only be refused again: it stays until it is left out.
        if (file.status === 'failed' && !file.refused)
          await this.putFile({ ...file, status: 'pending', attempts: 0, error: undefined });
    }
    this.notify();
    await this.process();
  }

  /**
   * Leaves a file that failed out of its listing (it is published with the rest), unless it was
   * the listing's last photo: then PROPERTY_FORM_MESSAGES.noImage and nothing changes.
   */
  async removeFile(fileId: string): Promise<string | null> {
    const entry = (await this.entries()).find((e) => e.files.some((f) => f.id === fileId));
    const file = entry?.files.find((f) => f.id === fileId);
    if (!entry || !file || file.status !== 'failed') return null;
    const photos =
      (entry.publication.kept ?? []).filter((m) => m.type === 'image').length +
      entry.files.filter((f) => f.kind === 'image' && f.id !== fileId).length;
    if (photos === 0) return PROPERTY_FORM_MESSAGES.noImage;
    const db = await this.db();
    const tx = db.transaction(FILES, 'readwrite', STRICT);
    await whenCommitted(tx, () => tx.store.delete(fileId));
    this.notify();
    await this.process();
    return null;
  }

  /** Gives up a waiting listing and its files (also one kept because its listing is missing). */
  async discard(id: string): Promise<void> {
    await this.remove(id);
    this.notify();
  }

  /**
   * The connection changed (Wi-Fi to mobile or back), or 只在 Wi-Fi 下上传视频 did: a video held
   * back may go now, and the outbox shows what waits for Wi-Fi.
   */
  readonly onConnectionChange = (): void => {
    this.notify();
    void this.process();
  };

  /**
   * The connection went, or the page is being hidden (the app closed or sent to the back): files
   * still waiting are handed to the service worker, which sends them once there is a connection,
   * also with the app closed (background-upload.ts), where the browser allows it.
   */
  private readonly onLeaving = async (): Promise<void> => {
    try {
      const waiting = (await this.entries()).some(
        ({ publication, files }) => !publication.listingMissing && files.some(fileWaits),
      );
      if (waiting) await requestBackgroundUpload({ videoWifiOnly: videoWifiOnly() });
    } catch (err) {
      console.warn('media outbox: handing the files to the service worker failed', err);
    }
  };

  private readonly onVisibilityChange = (): void => {
    if (globalThis.document?.visibilityState === 'hidden') void this.onLeaving();
  };

  /** A connection (the page opening, or coming back online): files that failed try again. */
  private readonly onOnline = () => void this.requeueThenProcess();

  /**
   * Gives the files that failed for the moment (no connection, a server fault, today's quota)
   * their tries back, then uploads (architecture §7: three tries, then the next connection). A file the
   * gateway refused for what it is stays failed: it would only be refused again.
   */
  private async requeueThenProcess(): Promise<void> {
    // After a run under way (it reads the files once): the files requeued here go in the next.
    await this.running?.catch(() => undefined);
    try {
      await this.releaseHeld();
      let requeued = false;
      for (const { files } of await this.entries()) {
        for (const file of files) {
          if (file.status !== 'failed' || file.refused) continue;
          // Its progress stays: the gateway keeps the bytes it received.
          await this.putFile({ ...file, status: 'pending', attempts: 0, error: undefined });
          requeued = true;
        }
      }
      if (requeued) this.notify();
    } catch (err) {
      console.error('media outbox: giving failed files their tries back failed', err);
    }
    await this.process();
  }

  /** The account is signed in here again: what a sign-out held is this outbox's to send. */
  private async releaseHeld(): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(PUBLICATIONS, 'readwrite', STRICT);
    await whenCommitted(tx, async () => {
      const held = (await tx.store.getAll()).filter(
        (p) => p.userId === this.userId && p.heldAtSignOut,
      );
      await Promise.all(held.map(({ heldAtSignOut: _held, ...p }) => tx.store.put(p)));
    });
  }

  private db(): Promise<OutboxDb> {
    return this.connection.get();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
    this.reportSoon();
  }

  /**
   * Tells the header's status how many listings wait here and whether their uploading stopped: at
   * once (a listing just published must not read 已同步 for a moment), then at most once per
   * REPORT_DELAY_MS while files progress.
   */
  private reportSoon(): void {
    if (this.stopped) return;
    if (this.reportTimer !== undefined) {
      this.reportAgain = true;
      return;
    }
    this.report();
    this.reportTimer = setTimeout(() => {
      this.reportTimer = undefined;
      if (this.reportAgain) {
        this.reportAgain = false;
        this.reportSoon();
      }
    }, REPORT_DELAY_MS);
  }

  private report(): void {
    // A count that finishes after a later one began is already stale.
    const mine = ++this.reportsStarted;
    this.entries().then(
      (entries) => {
        if (this.stopped || mine !== this.reportsStarted) return;
        // Files kept for a listing that is not on the device wait for the listing, not for the
        // connection: /manage shows them, the header and its unsent banner do not count them
        // (staying online would not send them). The sign-out check still does (unsent.ts).
        const waiting = entries.filter((e) => e.publication.listingMissing !== true);
        syncStatus.set({
          outbox: waiting.length,
          outboxStopped: waiting.some((e) => uploadingStopped(e.files)),
        });
      },
      (err: unknown) => console.warn('media outbox: counting the waiting listings failed', err),
    );
  }

  /** Stores a file's new state, unless its listing was discarded meanwhile (nothing comes back). */
  private async putFile(file: OutboxFile): Promise<void> {
    await putOutboxFile(await this.db(), file);
  }

  /** Whether a listing is still in the outbox (not given up). */
  private async waiting(id: string): Promise<boolean> {
    const db = await this.db();
    const tx = db.transaction(PUBLICATIONS);
    return (await whenCommitted(tx, () => tx.store.getKey(id))) !== undefined;
  }

  private async remove(id: string): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([PUBLICATIONS, FILES], 'readwrite', STRICT);
    await whenCommitted(tx, () => deleteEntry(tx, id));
  }

  /**
   * The edited listing is not on this device (its sync after a sign-in has not brought it yet, or
   * it is gone): its files are not deleted for that. The entry is marked, so /manage shows it with
   * a way to discard it, and is published as soon as the listing is here.
   */
  private async keepForMissingListing(publication: OutboxPublication): Promise<void> {
    const listingId = publication.editOf!;
    if (!publication.listingMissing) {
      const db = await this.db();
      const tx = db.transaction(PUBLICATIONS, 'readwrite', STRICT);
      await whenCommitted(tx, async () => {
        // Read again in this transaction: one discarded meanwhile is not written back.
        const current = await tx.store.get(publication.id);
        if (current) await tx.store.put({ ...current, listingMissing: true });
      });
    }
    if (this.stopped || this.missingListings.has(listingId)) return;
    const watch = this.database.properties.findOne(listingId).$.subscribe((doc) => {
      if (!doc) return;
      this.missingListings.get(listingId)?.unsubscribe();
      this.missingListings.delete(listingId);
      void this.process();
    });
    this.missingListings.set(listingId, watch);
  }

  /**
   * One run at a time; a call during a run waits for it and for one run after it (which sees what
   * changed meanwhile: a listing added, a missing listing back). Across the tabs of this browser
   * too (a web lock per account): two tabs would otherwise upload the same file twice.
   */
  process(): Promise<void> {
    if (this.running) {
      this.runAfter ??= this.running
        .catch(() => undefined)
        .then(() => {
          this.runAfter = null;
          return this.process();
        });
      return this.runAfter;
    }
    this.running = this.acrossTabs(() => this.run()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private acrossTabs(run: () => Promise<void>): Promise<void> {
    const locks = globalThis.navigator?.locks;
    return locks ? locks.request(outboxLockName(this.userId), run) : run();
  }

  private async run(): Promise<void> {
    for (const entry of await this.entries()) {
      if (this.stopped || navigator.onLine === false) return;
      try {
        const files = await this.uploadAll(entry);
        if (files) await this.publish({ ...entry, files });
      } catch (err) {
        // The listing stays in the outbox (shown on /manage) and is tried again on the next run.
        console.error('media outbox: listing not published yet', entry.publication.id, err);
      }
    }
  }

  /** Uploads what is missing; the files with their links once all are on the server, else null. */
  private async uploadAll({ files }: OutboxEntry): Promise<OutboxFile[] | null> {
    let complete = true;
    const uploaded: OutboxFile[] = [];
    for (const file of files) {
      if (file.status === 'done') {
        uploaded.push(file);
        continue;
      }
      if (file.status === 'failed') {
        complete = false;
        continue;
      }
      // 只在 Wi-Fi 下上传视频, on a mobile network: the video waits, its tries untouched.
      if (file.kind === 'video' && !mayUploadVideo(videoWifiOnly(), connectionKind())) {
        complete = false;
        continue;
      }
      let current = file;
      while (current.status !== 'done' && current.status !== 'failed') {
        if (this.stopped || navigator.onLine === false) return null;
        const attempt = current.attempts + 1;
        current = { ...current, status: 'uploading', attempts: attempt };
        await this.putFile(current);
        this.notify();
        // Bytes the gateway has confirmed; shown again when the attempt fails part way.
        let held = current.sentBytes ?? 0;
        const total = current.blob.size;
        try {
          const stored = await uploadOutboxFile(
            this.http,
            current,
            {
              onProgress: (sentBytes) => {
                this.live.set(file.id, sentBytes);
                this.notify();
              },
              onAccepted: (bytes) => (held = bytes),
              onAddress: async (uploadAddress) => {
                current = { ...current, uploadAddress };
                await this.putFile(current);
              },
              forget: () => {
                held = 0;
                current = { ...current, uploadAddress: undefined };
              },
            },
            this.stopping.signal,
          );
          current = { ...current, ...stored, status: 'done', sentBytes: total, error: undefined };
        } catch (err) {
          current = { ...current, sentBytes: held };
          const retry = !(err instanceof UploadError) || err.retry;
          // Shown in the outbox: the upload's own texts, never another error's message.
          const message = err instanceof UploadError ? err.message : UPLOAD_MESSAGES.uploadFailed;
          if (!(err instanceof UploadError))
            console.warn('[outbox] upload failed', file.id, describeFailure(err));
          if (retry && attempt < UPLOAD_MAX_ATTEMPTS) {
            current = { ...current, status: 'pending', error: message };
            this.live.delete(file.id);
            await this.putFile(current);
            this.notify();
            try {
              await sleep(uploadBackoff.waitAfter(attempt), this.stopping.signal);
            } catch {
              return null;
            }
            continue;
          }
          current = {
            ...current,
            status: 'failed',
            error: message,
            refused: err instanceof UploadError && err.refused,
          };
        }
        this.live.delete(file.id);
        await this.putFile(current);
        this.notify();
      }
      if (current.status === 'done') uploaded.push(current);
      else complete = false;
    }
    return complete ? uploaded : null;
  }

  /**
   * Every file is stored: a new listing goes into RxDB with its media; an edit sets the listing's
   * media to the kept ones plus the new. Either way the entry leaves the outbox, except an edit
   * whose listing is not on this device (kept, see keepForMissingListing).
   */
  private async publish({ publication, files }: OutboxEntry): Promise<void> {
    const now = new Date().toISOString();
    // Given up while its files uploaded: nothing of it is published.
    if (files.length > 0 && !(await this.waiting(publication.id))) return;
    const media: ListingMedia[] = [
      ...(publication.kept ?? []),
      ...files.map((f) => ({ type: f.kind, url: f.url!, thumbnail_url: f.thumbnail_url ?? '' })),
    ];
    if (publication.editOf) {
      const doc = await this.database.properties.findOne(publication.editOf).exec();
      if (!doc) {
        // Without files nothing waits here (add() publishes at once): nothing to keep.
        if (files.length === 0)
          console.error(
            'media outbox: the edited listing is gone from this device',
            publication.id,
          );
        else await this.keepForMissingListing(publication);
        this.notify();
        return;
      }
      const composed = composeListingMedia(media, publication.editOf, now);
      await doc.incrementalModify((old) => ({ ...old, ...composed, updated_at: now }));
    } else {
      const existing = await this.database.properties.findOne(publication.id).exec();
      if (!existing) {
        await this.database.properties.insert({
          ...publication.listing,
          ...composeListingMedia(media, publication.id, now),
          updated_at: now,
        });
      }
    }
    if (files.length > 0) await this.remove(publication.id);
    this.notify();
  }
}
