import { useState, type ReactNode } from 'react';
import { useToast } from './toast/toast-context';
import { ConfirmDialog } from './confirm-dialog';
import { failureMessage } from '@client/pwa/failure-message';

/**
 * Delete after a confirmation, with the success toast or the failure message: `ask(id)` opens the
 * dialog; render `dialog` once.
 */
export function useConfirmedDelete(options: {
  title: string;
  message: string;
  success: string;
  failure: string;
  remove(id: string): Promise<void>;
}): { ask(id: string): void; dialog: ReactNode } {
  const toast = useToast();
  const [target, setTarget] = useState<string | null>(null);
  const confirm = async (id: string) => {
    try {
      await options.remove(id);
      toast.saved(options.success);
    } catch (err) {
      toast.error(failureMessage(`deleting ${id} failed`, err, options.failure));
    }
  };
  return {
    ask: setTarget,
    dialog: (
      <ConfirmDialog
        open={target !== null}
        title={options.title}
        message={options.message}
        confirmLabel="删除"
        onConfirm={() => target && void confirm(target)}
        onClose={() => setTarget(null)}
      />
    ),
  };
}
