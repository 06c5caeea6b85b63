/**
 * The worker that prepares picked photos (photo-encode.ts) off the page's main thread: decoding a
 * 12-megapixel photo and scaling it takes long enough to stall the form's taps and scrolling.
 * One photo per message; the page (photo-prepare.ts) sends them one at a time.
 */
import {
  encodePhoto,
  offscreenSurface,
  UndecodablePhotoError,
  type EncodeOptions,
} from './photo-encode';

export interface PrepareRequest extends EncodeOptions {
  id: number;
  blob: Blob;
}

export type PrepareAnswer =
  | { id: number; blob: Blob }
  /** `undecodable`: the photo is not one; `failed`: this worker could not (the page may). */
  | { id: number; error: 'undecodable' | 'failed'; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PrepareRequest>) => void) | null;
  postMessage(answer: PrepareAnswer): void;
};

scope.onmessage = ({ data: { id, blob, longEdge, quality } }) => {
  encodePhoto(blob, offscreenSurface, { longEdge, quality }).then(
    (prepared) => scope.postMessage({ id, blob: prepared }),
    (err: unknown) =>
      scope.postMessage({
        id,
        error: err instanceof UndecodablePhotoError ? 'undecodable' : 'failed',
        message: String(err),
      }),
  );
};
