/**
 * A demand's change of state (待处理 / 已暂停 / 已完成) by its owner or an admin, written on the
 * device and synced like any edit, with the toast that says what it became or that it failed.
 */
import {
  DEMAND_MESSAGES,
  DEMAND_STATUS_LABELS,
  type DemandStatus,
} from '@couchdb/model/demand-facts';
import { useToast } from '@client/components/toast/toast-context';
import { setDemandStatus } from '@client/data/writes/demand-mutations';
import { useOpenDevice } from '@client/data/hooks';
import { failureMessage } from '@client/pwa/failure-message';

export function useDemandStatusChange(): (id: string, to: DemandStatus) => Promise<void> {
  const device = useOpenDevice();
  const toast = useToast();
  return async (id, to) => {
    try {
      if (!device) throw new Error('no database open');
      await setDemandStatus(device.database, id, to);
      toast.saved(DEMAND_MESSAGES.statusChanged(DEMAND_STATUS_LABELS[to]));
    } catch (err) {
      toast.error(
        failureMessage(`demand ${id} to ${to} failed`, err, DEMAND_MESSAGES.statusFailed),
      );
    }
  };
}
