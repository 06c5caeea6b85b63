/**
 * Uploads that finish while the app is closed, where the browser allows it (Background Sync, in
 * Chromium): the page asks the browser to wake the service worker once a connection is there, and
 * the service worker sends the outbox's files (background-upload-run.ts). Where the browser has no
 * Background Sync (Safari, Firefox) the files go the next time the app is open, and the outbox
 * says so. The listing itself is published by the page, the next time the app opens.
 */
import { mayUploadVideo, type ConnectionKind } from './video-network';

/** The Background Sync tag of the outbox's uploads. */
const TAG = 'cjfc-media-outbox';
/**
 * The tag's ending when 只在 Wi-Fi 下上传视频 is on: the setting lives in the page's storage,
 * which a service worker cannot read, so the request carries it.
 */
const VIDEO_WIFI_ONLY = ':video-wifi-only';

/** How the service worker sends: the device's video rule at the time of the request. */
export interface BackgroundUploadRequest {
  videoWifiOnly: boolean;
}

export function backgroundUploadTag({ videoWifiOnly }: BackgroundUploadRequest): string {
  return videoWifiOnly ? TAG + VIDEO_WIFI_ONLY : TAG;
}

/** The request a tag stands for, or null for another tag. */
export function readBackgroundUploadTag(tag: string): BackgroundUploadRequest | null {
  if (tag === TAG) return { videoWifiOnly: false };
  if (tag === TAG + VIDEO_WIFI_ONLY) return { videoWifiOnly: true };
  return null;
}

/** Whether a file of `kind` may go now under `request`, on a connection of `connection`. */
export function mayGoInBackground(
  kind: 'image' | 'video',
  request: BackgroundUploadRequest,
  connection: ConnectionKind,
): boolean {
  return kind !== 'video' || mayUploadVideo(request.videoWifiOnly, connection);
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Whether this browser can finish uploads with the app closed. */
export function backgroundUploadSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'SyncManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

/**
 * Asks the browser to wake the service worker for the outbox once there is a connection (at once
 * when there is one). Resolves false where it cannot: no Background Sync, no service worker yet,
 * or the browser declined (the files then go the next time the app is open).
 */
export async function requestBackgroundUpload(request: BackgroundUploadRequest): Promise<boolean> {
  if (!backgroundUploadSupported()) return false;
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & SyncRegistration) | undefined;
    if (!registration?.active || !registration.sync) return false;
    await registration.sync.register(backgroundUploadTag(request));
    return true;
  } catch (err) {
    console.warn('[outbox] background upload not requested', err);
    return false;
  }
}
