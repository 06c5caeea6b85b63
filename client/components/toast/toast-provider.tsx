import { lazy, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { withSavedOfflineNote } from '@couchdb/model/errors';
import { LazyPart, PlainNotice } from '@client/components/lazy-part';
import { whenIdle } from '@client/lib/when-idle';
import { ToastContext, type Toast, type ToastSeverity } from './toast-context';
import type { ToastMessage } from './toast-view';

const loadToastView = () => import('./toast-view');
const ToastView = lazy(loadToastView);

/**
 * Shows one toast at a time; a new one replaces the current one. The toast's UI loads once the
 * page is idle (it is rarely needed at first paint), so it is there before the first toast.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      whenIdle(() => {
        loadToastView().catch((err: unknown) => console.warn('loading the toast view failed', err));
      }, 5000),
    [],
  );

  const show = useCallback((severity: ToastSeverity, text: string, untilOnline = false) => {
    setMessage({ key: Date.now(), text, severity, untilOnline });
    setOpen(true);
  }, []);

  // A toast saying a change waits on the device is out of date once the device is online again.
  const closeOnline = Boolean(open && message?.untilOnline);
  useEffect(() => {
    if (!closeOnline) return;
    const close = () => setOpen(false);
    if (navigator.onLine) close();
    window.addEventListener('online', close);
    return () => window.removeEventListener('online', close);
  }, [closeOnline]);

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
          <ToastView message={message} open={open} onClose={() => setOpen(false)} />
        </LazyPart>
      )}
    </ToastContext>
  );
}
