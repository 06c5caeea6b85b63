/**
 * The page of bench/photo-prepare.bench.ts: the app's own photo preparation (on the page, in its
 * worker) and browser-image-compression (on the page, in its web worker) on the same photos, each
 * timed from the picked file to the prepared JPEG, with the main thread's long tasks meanwhile.
 */
import imageCompression from 'browser-image-compression';
import { PHOTO_PREPARED_LONG_EDGE, PHOTO_PREPARED_QUALITY } from '@couchdb/model/constants';
import { encodeOnPage, PhotoPreparer } from '@client/data/media/photo-prepare';

export type Way = 'decode only' | 'own, page' | 'own, worker' | 'library, page' | 'library, worker';

export interface Run {
  ms: number;
  /** Main-thread time in long tasks (over 50 ms) while it ran: what the form's taps wait behind. */
  blockedMs: number;
  bytes: number;
  /** The result, base64, when asked for. */
  base64?: string;
}

const worker = new PhotoPreparer('worker');

async function prepare(way: Way, file: File, libURL: string): Promise<Blob | null> {
  switch (way) {
    case 'decode only': {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      bitmap.close();
      return null;
    }
    case 'own, page':
      return encodeOnPage(file);
    case 'own, worker': {
      const prepared = await worker.prepare(file);
      if (prepared.status === 'undecodable') throw new Error('undecodable');
      return prepared.file;
    }
    case 'library, page':
    case 'library, worker':
      return imageCompression(file, {
        maxWidthOrHeight: PHOTO_PREPARED_LONG_EDGE,
        initialQuality: PHOTO_PREPARED_QUALITY,
        fileType: 'image/jpeg',
        maxSizeMB: 5,
        useWebWorker: way === 'library, worker',
        libURL,
      });
  }
}

function base64Of(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

const photos: File[] = [];
const longTasks: PerformanceEntry[] = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({
  type: 'longtask',
});

declare global {
  interface Window {
    photoBench: {
      load(urls: string[]): Promise<number[]>;
      run(way: Way, photo: number, keep: boolean): Promise<Run>;
    };
  }
}

window.photoBench = {
  async load(urls) {
    for (const url of urls) {
      const blob = await (await fetch(url)).blob();
      photos.push(new File([blob], url.split('/').pop()!, { type: 'image/jpeg' }));
    }
    return photos.map((p) => p.size);
  },
  async run(way, photo, keep) {
    const file = photos[photo]!;
    const libURL = new URL('/lib/browser-image-compression.js', location.href).href;
    // Long tasks are reported after they end: a frame lets those of the last run arrive first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    longTasks.length = 0;
    const start = performance.now();
    const out = await prepare(way, file, libURL);
    const ms = performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const blockedMs = longTasks
      .filter((t) => t.startTime >= start && t.startTime < start + ms)
      .reduce((sum, t) => sum + t.duration, 0);
    return {
      ms,
      blockedMs,
      bytes: out?.size ?? 0,
      base64: keep && out ? base64Of(new Uint8Array(await out.arrayBuffer())) : undefined,
    };
  },
};
