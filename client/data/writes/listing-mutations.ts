/**
 * The device's writes of listings: publishing one, saving an edit, deleting. They go into RxDB (a
 * new listing and new files through the media outbox) and sync like any write, offline too.
 */
import { newId } from '@couchdb/model/common-facts';
import type { PropertyForm } from '@couchdb/model/property';
import { LISTING_MAX, PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import type { UserRole } from '@couchdb/model/roles';
import { createRefusal } from '@couchdb/rules/access';
import { editedListingOver, newListingFromForm } from '@couchdb/rules/listing-form';
import { changeStatus } from '@couchdb/rules/property-status';
import { RefusalError } from '@client/lib/failure';
import type { DeviceDatabase } from '../storage/database';
import { checkLimit } from './limit-reached';
import {
  composeListingMedia,
  mediaOfListing,
  sameMedia,
  type ListingMedia,
} from '../media/listing-media';
import type { MediaOutbox, OutboxListing } from '../media/media-outbox';
import type { PropertyDoc } from '../schemas/property.schema';

/** What a listing's media become: the server's media it keeps, then the files chosen here. */
export interface ListingMediaChoice {
  kept: ListingMedia[];
  files: readonly File[];
}

/**
 * Publishes a new listing: it waits in the outbox with its files and goes into RxDB once they are
 * stored (at once when there are none). `kept`: media already on the server (a refused listing
 * sent again).
 */
export async function publishListing(
  device: { database: DeviceDatabase; outbox: MediaOutbox },
  publisher: { id: string; user_type: UserRole },
  form: PropertyForm,
  media: ListingMediaChoice,
): Promise<void> {
  const { database: db, outbox } = device;
  const listing = newListingFromForm(form, publisher, newId());
  // The gateway's create rule, applied here too so the device never queues what it would refuse.
  const refusal = createRefusal('properties', publisher.user_type, listing);
  if (refusal) throw new RefusalError(refusal.message);
  // Its per-account limit too: the listings on the device (not deleted) and those still waiting
  // in the outbox for their files.
  // Counted by reading them: RxDB refuses a count() its indexes cannot answer alone (QU14).
  const stored = (await db.properties.find({ selector: { user_id: publisher.id } }).exec()).filter(
    (p) => p.status !== 'deleted',
  ).length;
  const waiting = (await outbox.entries()).filter(
    (e) => e.publication.userId === publisher.id && !e.publication.editOf,
  ).length;
  const max = LISTING_MAX[publisher.user_type];
  checkLimit(stored + waiting, max, PROPERTY_MESSAGES.tooMany(max));
  await outbox.add(listing, media.files, { kept: media.kept });
}

/**
 * Saves an edit: the content (and removed media) change on the device and sync at once; new
 * files wait in the outbox and then set the listing's media (kept + new). `base` is the version
 * the form opened on: what changed since (another tab's or device's edit) is kept beside the
 * form's changes (editedListingOver), and the fields where the form's value replaced a different
 * change are answered, for the user to be told.
 */
export async function saveListingEdit(
  device: { database: DeviceDatabase; outbox: MediaOutbox | null },
  base: PropertyDoc,
  form: PropertyForm,
  media: ListingMediaChoice,
): Promise<{ replaced: string[] }> {
  if (media.files.length > 0 && !device.outbox) throw new Error('no media outbox on this device');
  const listingId = base.id;
  const doc = await device.database.properties.findOne(listingId).exec();
  if (!doc) throw new Error('listing not on this device');
  const now = new Date().toISOString();
  let replaced: string[] = [];
  const saved = await doc.incrementalModify((old) => {
    const over = editedListingOver(base, old, form, now);
    replaced = over.replaced;
    const next = over.next;
    if (media.files.length === 0 && !sameMedia(media.kept, mediaOfListing(old)))
      Object.assign(next, composeListingMedia(media.kept, old.id, now));
    return next;
  });
  if (media.files.length > 0) {
    const {
      images: _images,
      media_items: _media,
      owner: _owner,
      ...content
    } = saved.toJSON() as PropertyDoc;
    await device.outbox!.add(content as OutboxListing, media.files, {
      kept: media.kept,
      editOf: listingId,
      publicationId: newId(),
    });
  }
  return { replaced };
}

/** Takes one of the user's listings away (product §4: deleting is the status 'deleted'). */
export async function deleteListing(db: DeviceDatabase, id: string): Promise<void> {
  const doc = await db.properties.findOne(id).exec();
  if (!doc) return;
  await doc.incrementalModify((old) => {
    const result = changeStatus(old, 'deleted');
    if (!result.ok) throw new RefusalError(result.message);
    return result.property;
  });
}
