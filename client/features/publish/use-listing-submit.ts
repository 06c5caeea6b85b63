import { useNavigate } from 'react-router';
import type { PropertyForm } from '@couchdb/model/property';
import { LISTING_FIELD_LABELS, PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { useToast } from '@client/components/toast/toast-context';
import { forgetRefusedChange, useOpenDevice } from '@client/data/hooks';
import { LimitReachedError } from '@client/data/writes/limit-reached';
import type { ListingMedia } from '@client/data/media/listing-media';
import { publishListing, saveListingEdit } from '@client/data/writes/listing-mutations';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';
import { useAuth } from '@client/lib/session/auth-context';
import type { ListingDraftState } from './use-listing-draft';
import { failureMessage } from '@client/pwa/failure-message';
import { leaveAfterSave } from '@client/pwa/unsaved-changes';

/**
 * Sends a checked publish form: an edit is saved on the listing, anything else is published (a
 * refused listing that is gone from the server, as a new one). Then the refused change leaves
 * /manage, a new listing's draft is cleared, and the user goes on: to /manage where new files
 * upload, else back where the edit came from (my listings, or the admin's review queue).
 */
export function useListingSubmit({
  listing,
  refused,
  draft,
  kept,
}: {
  listing: PropertyDoc | null;
  refused: RefusedDoc | null;
  draft: ListingDraftState;
  /** Media already on the server that the listing keeps. */
  kept: ListingMedia[];
}): (form: PropertyForm) => Promise<void> {
  const { user } = useAuth();
  const device = useOpenDevice();
  const toast = useToast();
  const navigate = useNavigate();

  return async (form) => {
    const files = draft.files.map((f) => f.file);
    if (!device || (!listing && (!user || !device.outbox))) {
      toast.error(PROPERTY_MESSAGES.publishFailed);
      return;
    }
    try {
      let replaced: string[] = [];
      if (listing) {
        ({ replaced } = await saveListingEdit(device, listing, form, { kept, files }));
      } else {
        await publishListing({ database: device.database, outbox: device.outbox! }, user!, form, {
          kept,
          files,
        });
        if (!refused)
          await draft
            .clear()
            .catch((err: unknown) => console.error('clearing the draft files failed', err));
      }
      if (refused) {
        await forgetRefusedChange(device.database, refused.id).catch((err: unknown) =>
          console.error('forgetting the refused change failed', refused.id, err),
        );
      }
      // Offline, it is saved on this device only: say so, rather than that it was published.
      const offline = !navigator.onLine;
      if (!listing) {
        if (offline) toast.offline(PROPERTY_MESSAGES.publishSavedOffline);
        else toast.success(PROPERTY_MESSAGES.publishSuccess);
        leaveAfterSave();
        await navigate('/manage');
        return;
      }
      const labels = [...new Set(replaced.map((field) => LISTING_FIELD_LABELS[field] ?? field))];
      if (labels.length > 0) toast.warning(PROPERTY_MESSAGES.updateReplacedOther(labels));
      else if (offline) toast.offline(PROPERTY_MESSAGES.updateSavedOffline);
      else toast.success(PROPERTY_MESSAGES.updateSuccess);
      leaveAfterSave();
      await navigate(
        files.length > 0
          ? '/manage'
          : listing.user_id === user?.id
            ? '/my-properties'
            : '/admin/audit',
      );
    } catch (err) {
      if (err instanceof LimitReachedError) {
        toast.warning(err.message);
        return;
      }
      // The form stays as it was, with what was typed: the user can send it again.
      const context = listing ? `saving listing ${listing.id} failed` : 'publishing failed';
      toast.error(failureMessage(context, err, PROPERTY_MESSAGES.publishFailed));
    }
  };
}
