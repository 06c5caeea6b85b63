/**
 * The admin's listing actions with their toasts (product §4, §8 "Admin"): each writes to the device
 * database (so it works offline) and the gateway checks it again when it syncs.
 */
import {
  ADMIN_PROPERTY_MESSAGES,
  PROPERTY_MESSAGES,
  type PropertyStatus,
  REVISION_MESSAGES,
} from '@couchdb/model/property-facts';
import { VERIFICATION_MESSAGES } from '@couchdb/model/verification-facts';
import { ADMIN_LISTING_MESSAGES } from '@couchdb/rules/admin-listings';
import { PROPERTY_STATUS_LABELS } from '@couchdb/rules/property-status';
import {
  auditToast,
  checkBatchSelection,
  type AuditDecision,
} from '@couchdb/rules/property-status';
import { useToast } from '@client/components/toast/toast-context';
import { useOpenDevice } from '@client/data/hooks';
import {
  auditListing,
  changeListingStatus,
  checkListingVerification,
  changeListingsStatus,
  setListingPriority,
} from '@client/data/hooks/use-admin';
import { RefusalError } from '@client/lib/failure';
import { useAuth } from '@client/lib/session/auth-context';
import { failureMessage, failureReason } from '@client/pwa/failure-message';

const BATCH_LABELS: Record<PropertyStatus, string> = {
  active: '上架',
  inactive: '下架',
  deleted: '删除',
};

export interface AdminActions {
  audit(id: string, decision: AuditDecision, comment?: string): Promise<void>;
  setPriority(id: string, on: boolean): Promise<void>;
  setStatus(id: string, to: PropertyStatus): Promise<void>;
  /** 核验通过 / 核验无效 of a listing's verification code (issue 19). */
  verify(id: string, status: 'verified' | 'invalid'): Promise<void>;
  /** Returns true when the batch ran (something was selected). */
  batch(ids: readonly string[], to: PropertyStatus): Promise<boolean>;
}

export function useAdminActions(): AdminActions {
  const toast = useToast();
  const device = useOpenDevice();
  const { user } = useAuth();

  const run = async (failure: string, work: () => Promise<string>) => {
    try {
      if (!device) throw new Error('no database open');
      toast.saved(await work());
    } catch (err) {
      const reason = failureReason(failure, err);
      toast.error(reason ? `${failure}：${reason}` : failure);
    }
  };

  return {
    audit: (id, decision, comment = '') =>
      run(ADMIN_PROPERTY_MESSAGES.auditFailed, async () => {
        if (!user) throw new RefusalError(ADMIN_PROPERTY_MESSAGES.reviewUnauthorized);
        const decided = await auditListing(
          device!.database,
          id,
          decision,
          { id: user.id, role: user.user_type },
          comment,
        );
        if (decided === 'listing') return auditToast(decision);
        return decision === 'approved'
          ? REVISION_MESSAGES.approved
          : REVISION_MESSAGES.rejectedToast;
      }),
    setPriority: (id, on) =>
      run(ADMIN_PROPERTY_MESSAGES.updateFailed, async () => {
        await setListingPriority(device!.database, id, on);
        return on ? ADMIN_LISTING_MESSAGES.priorityOn : ADMIN_LISTING_MESSAGES.priorityOff;
      }),
    setStatus: (id, to) =>
      run(ADMIN_PROPERTY_MESSAGES.operationFailed, async () => {
        await changeListingStatus(device!.database, id, to);
        if (to === 'deleted') return PROPERTY_MESSAGES.deleteSuccess;
        return to === 'active' ? ADMIN_LISTING_MESSAGES.putUp : ADMIN_LISTING_MESSAGES.takenDown;
      }),
    verify: (id, status) =>
      run(ADMIN_PROPERTY_MESSAGES.operationFailed, async () => {
        await checkListingVerification(device!.database, id, status);
        return status === 'verified'
          ? VERIFICATION_MESSAGES.verified
          : VERIFICATION_MESSAGES.invalidated;
      }),
    batch: async (ids, to) => {
      const none = checkBatchSelection(ids);
      if (none) {
        toast.warning(none);
        return false;
      }
      try {
        if (!device) throw new Error('no database open');
        const result = await changeListingsStatus(device.database, ids, to);
        // Only what changed counts as done; what already was so is said apart.
        const parts: string[] = [];
        if (result.changed > 0 || result.unchanged + result.refused.length === 0)
          parts.push(ADMIN_LISTING_MESSAGES.batchDone(BATCH_LABELS[to], result.changed));
        if (result.unchanged > 0)
          parts.push(
            ADMIN_LISTING_MESSAGES.batchUnchanged(result.unchanged, PROPERTY_STATUS_LABELS[to]),
          );
        if (result.refused.length > 0)
          parts.push(
            ADMIN_LISTING_MESSAGES.batchSkipped(result.refused.length, result.refused[0]!.message),
          );
        const text = parts.join('；');
        if (result.refused.length === 0 && result.changed > 0) toast.saved(text);
        else toast.warning(text);
      } catch (err) {
        toast.error(
          failureMessage('batch status change failed', err, ADMIN_PROPERTY_MESSAGES.batchFailed),
        );
      }
      return true;
    },
  };
}
