/**
 * The service worker's part of the outbox (background-upload.ts): with the app closed and a
 * connection back, it sends the files still waiting, each from the bytes the gateway holds, and
 * marks them uploaded in the outbox's database. Publishing the listing stays the page's (it needs
 * the device database), the next time the app opens. Run in the service worker
 * (client/data/media/background-upload-worker.ts); `renew` and `http` come from there.
 */
import { HttpClient } from '@client/lib/http';
import { mayGoInBackground, type BackgroundUploadRequest } from './background-upload';
import {
  fileWaits,
  FILES,
  openOutboxDb,
  outboxLockName,
  PUBLICATIONS,
  putOutboxFile,
  whenCommitted,
  type OutboxDb,
  type OutboxFile,
} from './outbox-db';
import { UploadError, uploadOutboxFile } from './outbox-upload';
import type { ConnectionKind } from './video-network';

/** The session the refresh cookie renews, or null when there is none (signed out, ended). */
export interface RenewedSession {
  userId: string;
  accessToken: string;
}

export interface BackgroundUploadContext {
  /** Renews the session with the refresh cookie; rejects when the gateway cannot be reached. */
  renew(): Promise<RenewedSession | null>;
  /** The gateway's base address ('' in the service worker: its own origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** What the connection is now (video-network.ts). */
  connection(): ConnectionKind;
  /** Web locks (the service worker's `navigator.locks`); without them, no lock is taken. */
  locks?: LockManager;
  /** Whether a page of the app is on screen: it sends its files itself. */
  appInView(): Promise<boolean>;
}

/**
 * What a background run did, for tests. A run that left files which may go later (no answer, a
 * server fault) rejects instead, so the browser wakes the service worker again.
 */
export type BackgroundUploadOutcome =
  | 'nothing-to-send'
  /** The app is on screen: it sends (and its user may be signing out); the browser asks again later. */
  | 'app-in-view'
  | 'signed-out'
  | 'sent';

/** The files to send, of listings whose account is not signed out, in the outbox's order. */
async function filesToSend(
  db: OutboxDb,
  request: BackgroundUploadRequest,
  connection: ConnectionKind,
): Promise<Map<string, OutboxFile[]>> {
  const tx = db.transaction([PUBLICATIONS, FILES]);
  const [publications, files] = await whenCommitted(tx, () =>
    Promise.all([tx.objectStore(PUBLICATIONS).getAll(), tx.objectStore(FILES).getAll()]),
  );
  const byUser = new Map<string, OutboxFile[]>();
  const sorted = [...publications].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const publication of sorted) {
    // Kept at a sign-out (its session must not be renewed for it) or waiting for its listing.
    if (publication.heldAtSignOut || publication.listingMissing) continue;
    const mine = files
      .filter((f) => f.publication === publication.id && fileWaits(f))
      .filter((f) => mayGoInBackground(f.kind, request, connection))
      .sort((a, b) => a.sort - b.sort);
    if (mine.length > 0)
      byUser.set(publication.userId, [...(byUser.get(publication.userId) ?? []), ...mine]);
  }
  return byUser;
}

/**
 * The file as stored now, or null when it is not to be sent any more: a page sent or removed it
 * meanwhile, or its account signed out keeping it.
 */
async function current(db: OutboxDb, id: string): Promise<OutboxFile | null> {
  const tx = db.transaction([PUBLICATIONS, FILES]);
  return whenCommitted(tx, async () => {
    const file = await tx.objectStore(FILES).get(id);
    const publication = file && (await tx.objectStore(PUBLICATIONS).get(file.publication));
    return file && publication && !publication.heldAtSignOut ? file : null;
  });
}

/**
 * Sends what waits in the outbox for the account the refresh cookie belongs to. Nothing is sent
 * for another account, nor for one that signed out keeping its files: the session is renewed
 * only when files of a signed-in account wait. Rejects when files are left that may go later, so
 * the browser wakes the service worker again.
 */
export async function uploadInBackground(
  request: BackgroundUploadRequest,
  context: BackgroundUploadContext,
): Promise<BackgroundUploadOutcome> {
  const db = await openOutboxDb();
  try {
    const byUser = await filesToSend(db, request, context.connection());
    if (byUser.size === 0) return 'nothing-to-send';
    if (await context.appInView()) return 'app-in-view';
    const session = await context.renew();
    if (!session) return 'signed-out';
    // Another account's files wait for that account's next sign-in here.
    if (!byUser.has(session.userId)) return 'nothing-to-send';
    let token = session.accessToken;
    const http = new HttpClient({
      baseUrl: context.baseUrl,
      fetch: context.fetch,
      tokens: {
        getAccessToken: () => Promise.resolve(token),
        refreshAccessToken: async () => {
          const renewed = await context.renew().catch(() => null);
          if (!renewed || renewed.userId !== session.userId) return null;
          token = renewed.accessToken;
          return token;
        },
      },
    });
    const send = () => sendFiles(db, http, byUser.get(session.userId)!);
    // After a tab's run under way: it may have sent these files already.
    const unfinished = context.locks
      ? await context.locks.request(outboxLockName(session.userId), send)
      : await send();
    if (unfinished) throw new Error('background upload: files left for a later connection');
    return 'sent';
  } finally {
    db.close();
  }
}

/** Sends each file once; whether some are left that a later try may send. */
async function sendFiles(db: OutboxDb, http: HttpClient, files: OutboxFile[]): Promise<boolean> {
  const never = new AbortController().signal;
  for (const { id } of files) {
    const file = await current(db, id);
    if (!file || !fileWaits(file)) continue;
    let state: OutboxFile = { ...file, status: 'uploading' };
    await putOutboxFile(db, state);
    let held = file.sentBytes ?? 0;
    try {
      const stored = await uploadOutboxFile(
        http,
        state,
        {
          onProgress: () => undefined,
          // Kept as it goes, so the outbox shows how far the upload got when the app opens.
          onAccepted: (bytes) => {
            held = bytes;
            state = { ...state, sentBytes: bytes };
            void putOutboxFile(db, state).catch(() => undefined);
          },
          onAddress: async (uploadAddress) => {
            state = { ...state, uploadAddress };
            await putOutboxFile(db, state);
          },
          forget: () => {
            held = 0;
            state = { ...state, uploadAddress: undefined };
          },
        },
        never,
      );
      state = { ...state, ...stored, status: 'done', sentBytes: file.blob.size, error: undefined };
      await putOutboxFile(db, state);
    } catch (err) {
      const final = err instanceof UploadError && !err.retry;
      const message = err instanceof UploadError ? err.message : undefined;
      state = {
        ...state,
        sentBytes: held,
        status: final ? 'failed' : 'pending',
        ...(message ? { error: message } : {}),
        ...(final && err instanceof UploadError && err.refused ? { refused: true } : {}),
      };
      await putOutboxFile(db, state);
      // No answer or a server fault: the next file would fare no better now.
      if (!final) return true;
    }
  }
  return false;
}
