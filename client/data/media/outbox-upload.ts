/**
 * Sends one outbox file and says what a failure means for it: the page's outbox
 * (media-outbox.ts) and the service worker's background upload (background-upload-worker.ts)
 * both go through here, so a file fails the same way and with the same words wherever it is sent.
 */
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import { ApiError, type HttpClient } from '@client/lib/http';
import type { OutboxFile } from './outbox-db';
import type { StoredMedia } from './resumable-upload';

/** A failed upload: `retry` false when trying again cannot help (refused file, no session). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    /** The file itself was refused (not the moment, the session or today's quota). */
    readonly refused = false,
  ) {
    super(message);
  }
}

/** What a file's upload reports while it runs. */
export interface UploadEvents {
  /** Bytes sent so far, the request under way included. */
  onProgress(sentBytes: number): void;
  /** Bytes the gateway confirmed it holds. */
  onAccepted(bytes: number): void;
  /** The file's upload on the gateway exists: kept, so a later try goes on from there. */
  onAddress(address: string): Promise<void>;
  /** The gateway's upload is of no further use: the next try starts from the first byte. */
  forget(): void;
}

/**
 * Sends `file` as a resumable upload (resumable-upload.ts), going on from its upload on the
 * gateway when it has one; fails with an UploadError that says whether trying again can help, or
 * with what `signal`'s abort threw. The upload protocol's client loads on the first file sent.
 */
export async function uploadOutboxFile(
  http: HttpClient,
  file: OutboxFile,
  events: UploadEvents,
  signal: AbortSignal,
): Promise<StoredMedia> {
  const { sendResumable, MediaMissingError } = await import('./resumable-upload');
  try {
    return await sendResumable(http, {
      blob: file.blob,
      name: file.name,
      address: file.uploadAddress,
      onAddress: events.onAddress,
      onProgress: events.onProgress,
      onAccepted: events.onAccepted,
      signal,
    });
  } catch (err) {
    // Finished, but the gateway no longer says where it stored the file: send it again.
    if (err instanceof MediaMissingError) {
      events.forget();
      throw new UploadError(UPLOAD_MESSAGES.imageUrlMissing, true);
    }
    if (!(err instanceof ApiError)) throw err;
    // The session is over (the renewal after the 401 found none): trying again cannot help.
    if (err.status === 401) throw new UploadError(UPLOAD_MESSAGES.noPermission, false);
    // The gateway has no such upload (expired) or refused the file: the next try starts anew.
    if (err.status === 404 || err.status === 410 || !err.isTransient) events.forget();
    if (err.status === 404 || err.status === 410)
      throw new UploadError(UPLOAD_MESSAGES.uploadFailed, true);
    // No answer, or an answer without the gateway's own message: the upload text.
    const message = err.isNetworkFailure
      ? UPLOAD_MESSAGES.uploadFailed
      : err.code === 'http_error'
        ? err.status >= 500
          ? UPLOAD_MESSAGES.serverUnavailable
          : UPLOAD_MESSAGES.uploadFailed
        : err.message;
    // A refused file (type, size, name) stays refused, and so does one over today's quota until
    // the user retries; server faults, no answer and too many uploads at once are retried.
    throw new UploadError(
      message,
      err.isTransient && err.code !== 'upload_quota_exceeded',
      !err.isTransient,
    );
  }
}
