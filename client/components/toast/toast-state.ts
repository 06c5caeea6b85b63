/**
 * The one toast on screen, as ToastProvider holds it. A toast's own close (its timer, Escape, its
 * close button) names the toast it belongs to: a close that arrives after a newer toast has
 * replaced it leaves the newer one open. (Closing whatever was shown lost an admin's 资讯更新成功:
 * the previous toast's timer ran out between the new toast being shown and its first render.)
 */
import type { ToastSeverity } from './toast-context';

export interface ToastMessage {
  /** Tells this toast from every other one the page shows. */
  key: number;
  text: string;
  severity: ToastSeverity;
  /** Closed as soon as the device is online (it says a change waits for the network). */
  untilOnline?: boolean;
  /**
   * Shown as a plain notice to its end: the toast's own code was not there yet when it was shown.
   * Swapping it for the styled toast once the code arrives would put the message on the page, and
   * have a screen reader read it out, a second time.
   */
  plain?: boolean;
}

export interface ShownToast {
  message: ToastMessage;
  open: boolean;
}

/** How long a toast stays before it closes itself. */
export const TOAST_AUTO_HIDE_MS = 3000;

let lastKey = 0;

/** A new toast, open, replacing whatever was shown. */
export function showToast(
  severity: ToastSeverity,
  text: string,
  { untilOnline = false, plain = false }: { untilOnline?: boolean; plain?: boolean } = {},
): ShownToast {
  lastKey += 1;
  return { message: { key: lastKey, text, severity, untilOnline, plain }, open: true };
}

/** `current` with the toast `key` closed; unchanged when `key` is not the one shown. */
export function closeToast(current: ShownToast | null, key: number): ShownToast | null {
  if (!current?.open || current.message.key !== key) return current;
  return { ...current, open: false };
}
