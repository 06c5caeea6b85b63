/**
 * Picked photos made small before the draft keeps them and the outbox queues them (architecture
 * §7): upright, at most PHOTO_PREPARED_LONG_EDGE on the longest side, JPEG, without the camera's
 * EXIF (photo-encode.ts). In a worker of their own where the browser has OffscreenCanvas, else
 * on the page with a canvas. A photo already small is encoded too: that is what applies its
 * orientation and leaves its location behind. Loaded with the publish form only.
 */
import { PHOTO_PREPARED_LONG_EDGE, PHOTO_PREPARED_QUALITY } from '@couchdb/model/constants';
import {
  encodePhoto,
  offscreenSurface,
  preparedName,
  UndecodablePhotoError,
  type EncodeOptions,
  type PhotoSurface,
  type Size,
} from './photo-encode';
import type { PrepareAnswer, PrepareRequest } from './photo-prepare-worker';

export type PreparedPhoto =
  /** The photo to keep instead of the one picked. */
  | { status: 'prepared'; file: File }
  /** This browser cannot prepare photos: the one picked is kept as it is (the gateway re-encodes it). */
  | { status: 'original'; file: File }
  /** Its content is not a photo the browser can decode. */
  | { status: 'undecodable' };

/** Where photos are prepared: `auto` is the worker where the browser has one that can. */
export type PrepareWhere = 'auto' | 'worker' | 'page';

const OPTIONS: EncodeOptions = {
  longEdge: PHOTO_PREPARED_LONG_EDGE,
  quality: PHOTO_PREPARED_QUALITY,
};

/** Whether this browser can prepare photos at all (decode to a bitmap). */
export function canPreparePhotos(): boolean {
  return typeof createImageBitmap === 'function' && typeof document !== 'undefined';
}

/** Whether a worker can prepare photos here (OffscreenCanvas is what it draws on). */
function workerCanPrepare(): boolean {
  return typeof Worker === 'function' && typeof OffscreenCanvas === 'function';
}

/** The worker failed as a whole (its script did not load, say): the page prepares instead. */
class WorkerFailedError extends Error {}

/** A page's canvas as a surface, where there is no OffscreenCanvas. */
function canvasSurface({ width, height }: Size): PhotoSurface {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new Error('no 2d context on a canvas');
  return {
    context,
    toJpeg: (quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no JPEG'))),
          'image/jpeg',
          quality,
        ),
      ),
    release: () => {
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}

/** Prepares `blob` on the page's main thread. */
export function encodeOnPage(blob: Blob, options: EncodeOptions = OPTIONS): Promise<Blob> {
  return encodePhoto(
    blob,
    typeof OffscreenCanvas === 'function' ? offscreenSurface : canvasSurface,
    options,
  );
}

/**
 * Prepares picked photos one at a time; `close()` lets its worker go (the form closed, or the
 * photos picked together are done).
 */
export class PhotoPreparer {
  private worker: Worker | null = null;
  private workerFailed = false;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve(blob: Blob): void; reject(err: Error): void }
  >();

  constructor(
    private readonly where: PrepareWhere = 'auto',
    private readonly options: EncodeOptions = OPTIONS,
  ) {}

  async prepare(file: File): Promise<PreparedPhoto> {
    if (!canPreparePhotos()) return { status: 'original', file };
    let blob: Blob;
    try {
      blob = await this.encode(file);
    } catch (err) {
      if (err instanceof UndecodablePhotoError) return { status: 'undecodable' };
      // The browser decoded nothing wrong but could not encode: the gateway re-encodes the original.
      console.warn('preparing a photo failed; kept as picked', file.name, err);
      return { status: 'original', file };
    }
    const prepared = new File([blob], preparedName(file.name), {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
    return { status: 'prepared', file: prepared };
  }

  close(): void {
    this.worker?.terminate();
    this.worker = null;
    this.failWaiting(new WorkerFailedError('the preparer closed'));
  }

  private async encode(file: File): Promise<Blob> {
    const inWorker = this.where === 'worker' || (this.where === 'auto' && workerCanPrepare());
    if (inWorker && !this.workerFailed) {
      try {
        return await this.inWorker(file);
      } catch (err) {
        if (!(err instanceof WorkerFailedError)) throw err;
        console.warn('the photo worker failed; preparing on the page', err.message);
      }
    }
    return encodeOnPage(file, this.options);
  }

  private inWorker(blob: Blob): Promise<Blob> {
    const worker = this.startWorker();
    const id = this.nextId++;
    return new Promise<Blob>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, blob, ...this.options } satisfies PrepareRequest);
    });
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./photo-prepare-worker.ts', import.meta.url), {
      type: 'module',
      name: 'photo-prepare',
    });
    worker.addEventListener('message', ({ data }: MessageEvent<PrepareAnswer>) => {
      const waiting = this.waiting.get(data.id);
      if (!waiting) return;
      this.waiting.delete(data.id);
      if ('blob' in data) waiting.resolve(data.blob);
      else if (data.error === 'undecodable') waiting.reject(new UndecodablePhotoError());
      else waiting.reject(new WorkerFailedError(data.message));
    });
    worker.addEventListener('error', (event) => {
      this.workerFailed = true;
      this.worker = null;
      worker.terminate();
      this.failWaiting(new WorkerFailedError(event.message || 'the photo worker did not start'));
    });
    return (this.worker = worker);
  }

  private failWaiting(err: Error): void {
    for (const { reject } of this.waiting.values()) reject(err);
    this.waiting.clear();
  }
}
