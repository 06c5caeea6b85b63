/** 分享 on the detail page: the system's share sheet where there is one, else the link copied. */
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { copyText } from '@client/components/copy-text';

interface Toasts {
  success(message: string): void;
  error(message: string): void;
}

/**
 * Shares `url` with the Web Share API when the browser has it (phones); a dismissed sheet is no
 * error. Without it, or when it refuses, copies the link and says so.
 */
export async function shareListing(
  data: { title: string; text: string; url: string },
  toast: Toasts,
): Promise<void> {
  if (typeof navigator.share === 'function' && navigator.canShare?.(data) !== false) {
    try {
      await navigator.share(data);
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      console.warn('the share sheet refused, copying the link instead', err);
    }
  }
  if (await copyText(data.url)) toast.success(PROPERTY_MESSAGES.linkCopied);
  else toast.error(PROPERTY_MESSAGES.copyFailed);
}
