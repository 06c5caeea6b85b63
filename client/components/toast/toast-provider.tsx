import { lazy, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { withSavedOfflineNote } from '@couchdb/model/errors';
import { LazyPart, PlainNotice } from '@client/components/lazy-part';
import { whenIdle } from '@client/lib/when-idle';
import { ToastContext, type Toast, type ToastSeverity } from './toast-context';
import { closeToast, showToast, type ShownToast } from './toast-state';

const loadToastView = () => import('./toast-view');
const ToastView = lazy(loadToastView);

/**
 * Shows one toast at a time; a new one replaces the current one. The toast's UI loads once the
 * page is idle (it is rarely needed at first paint), so it is there before the first toast.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<ShownToast | null>(null);

  useEffect(
    () =>
      whenIdle(() => {
        loadToastView().catch((err: unknown) => console.warn('loading the toast view failed', err));
      }, 5000),
    [],
  );

  const show = useCallback((severity: ToastSeverity, text: string, untilOnline = false) => {
    setShown(showToast(severity, text, untilOnline));
  }, []);
  const close = useCallback((key: number) => setShown((current) => closeToast(current, key)), []);

  // A toast saying a change waits on the device is out of date once the device is online again.
  const message = shown?.message ?? null;
  const open = shown?.open ?? false;
  const closeOnlineKey = open && message?.untilOnline ? message.key : null;
  useEffect(() => {
    if (closeOnlineKey === null) return;
    const closeThis = () => close(closeOnlineKey);
    if (navigator.onLine) closeThis();
    window.addEventListener('online', closeThis);
    return () => window.removeEventListener('online', closeThis);
  }, [closeOnlineKey, close]);

  const toast = useMemo<Toast>(
    () => ({
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      info: (text) => show('info', text),
      warning: (text) => show('warning', text),
      saved: (text) =>
        navigator.onLine ? show('success', text) : show('info', withSavedOfflineNote(text), true),
      offline: (text) => show('info', text, true),
    }),
    [show],
  );

  return (
    <ToastContext value={toast}>
      {children}
      {message && (
        <LazyPart
          name="the toast"
          fallback={open ? <PlainNotice text={message.text} testId="toast" /> : null}
        >
          <ToastView message={message} open={open} onClose={() => close(message.key)} />
        </LazyPart>
      )}
    </ToastContext>
  );
}
