import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
  warning(message: string): void;
  /**
   * A change written on this device is done: `message` as a success online; offline, with the note
   * that it waits on the device and is sent once online.
   */
  saved(message: string): void;
  /**
   * A change is kept on this device until it is back online: `message` as information, closed as
   * soon as the device is online again (its text is then out of date).
   */
  offline(message: string): void;
}

export const ToastContext = createContext<Toast | null>(null);

/** Short messages at the bottom of the screen (product §8 toasts). */
export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return toast;
}
