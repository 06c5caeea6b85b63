/**
 * A file picked for a listing, checked on the device before it is kept: its name, size and, from
 * its first bytes, its content (read with `file-type`, as the gateway reads an upload). A text file
 * named .jpg or a damaged download is refused here, with its name, instead of failing to upload
 * after the listing was sent. Loaded with the publish form only.
 */
import { checkMediaContent } from '@couchdb/model/media-checks';
import { checkListingMediaFile } from '@couchdb/model/media-facts';

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
