import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { withSavedOfflineNote } from '@couchdb/model/errors';
import { PlainNotice } from '@client/components/lazy-part';
import { whenIdle } from '@client/lib/when-idle';
import { ToastContext, type Toast, type ToastSeverity } from './toast-context';
import {
  closeToast,
  showToast,
  TOAST_AUTO_HIDE_MS,
  type ShownToast,
  type ToastMessage,
} from './toast-state';

type ToastViewComponent = (typeof import('./toast-view'))['default'];

/** The toast's UI once its chunk has loaded; until then a toast shows as a plain notice. */
let LoadedToastView: ToastViewComponent | null = null;

function loadToastView(): Promise<void> {
  return import('./toast-view').then((m) => {
    LoadedToastView = m.default;
  });
}

function preloadToastView(): void {
  // A failed load leaves the toasts plain (their message still shows): said, not thrown.
  loadToastView().catch((err: unknown) => console.warn('loading the toast view failed', err));
}

/**
 * Shows one toast at a time; a new one replaces the current one. The toast's UI loads once the
 * page is idle (it is rarely needed at first paint), so it is there before the first toast; a
 * toast shown before it has loaded is a plain notice, which closes itself the same way.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<ShownToast | null>(null);

  useEffect(() => whenIdle(preloadToastView, 5000), []);

  const show = useCallback((severity: ToastSeverity, text: string, untilOnline = false) => {
    const plain = LoadedToastView === null;
    if (plain) preloadToastView();
    setShown(showToast(severity, text, { untilOnline, plain }));
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

  const View = LoadedToastView;
  return (
    <ToastContext value={toast}>
      {children}
      {message &&
        (message.plain || !View ? (
          open && <PlainToast message={message} onClose={close} />
        ) : (
          <View message={message} open={open} onClose={() => close(message.key)} />
        ))}
    </ToastContext>
  );
}

/** A toast as a plain notice: closes itself after the same time as the styled one. */
function PlainToast({ message, onClose }: { message: ToastMessage; onClose(key: number): void }) {
  const { key } = message;
  useEffect(() => {
    const timer = setTimeout(() => onClose(key), TOAST_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [key, onClose]);
  return <PlainNotice text={message.text} testId="toast" />;
}
