/**
 * A file picked for a listing, checked on the device before it is kept: its name, size and, from
 * its first bytes, its content (read with `file-type`, as the gateway reads an upload). A text file
 * named .jpg or a damaged download is refused here, with its name, instead of failing to upload
 * after the listing was sent. Then photos are made small (photo-prepare.ts) and the size limit
 * applies to what will be sent. Loaded with the publish form only.
 */
import { checkMediaContent, checkPhotoSize } from '@couchdb/model/media-checks';
import { checkListingMediaFile, mediaTypeOf, UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import { PhotoPreparer } from './photo-prepare';

/** The message to show for `file`, or null when it can be kept. */
export async function checkPickedMediaFile(file: File): Promise<string | null> {
  const problem = checkListingMediaFile(file);
  if (problem) return problem;
  // The reader (about 20 KB) loads with the first file picked, not with the form. Should it not
  // load (a first visit that lost its connection), the file is kept: the gateway checks it again.
  let contentMime: string | undefined;
  try {
    const { contentTypeOf } = await import('./file-content');
    contentMime = await contentTypeOf(file);
  } catch (err) {
    console.warn('reading a picked file failed; kept unchecked', file.name, err);
    return null;
  }
  return checkMediaContent(file, contentMime);
}

/** A picked file ready to keep (a photo as prepared), or the message saying why it cannot be. */
export type PickedMedia = { file: File; problem?: undefined } | { problem: string };

/**
 * Prepares the photos among `files` (checked already) one after another (photo-prepare.ts), telling
 * `onProgress` which photo of how many is under way; videos are kept as they are. Each photo the
 * browser cannot decode, or that is still over the limit once prepared, comes back with its
 * message. In the order of `files`.
 */
export async function preparePickedMedia(
  files: readonly File[],
  onProgress: (current: number, total: number) => void,
  preparer: Pick<PhotoPreparer, 'prepare' | 'close'> = new PhotoPreparer(),
): Promise<PickedMedia[]> {
  const photos = files.filter((f) => mediaTypeOf(f) === 'image').length;
  const results: PickedMedia[] = [];
  let current = 0;
  try {
    for (const file of files) {
      if (mediaTypeOf(file) !== 'image') {
        results.push({ file });
        continue;
      }
      onProgress(++current, photos);
      const prepared = await preparer.prepare(file);
      if (prepared.status === 'undecodable') {
        results.push({ problem: UPLOAD_MESSAGES.damagedImage(file.name) });
        continue;
      }
      const tooLarge = checkPhotoSize(
        file.name,
        prepared.file.size,
        prepared.status === 'prepared',
      );
      results.push(tooLarge ? { problem: tooLarge } : { file: prepared.file });
    }
  } finally {
    preparer.close();
  }
  return results;
}
