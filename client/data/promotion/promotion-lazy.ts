/**
 * The stored promotion for screens a shared link opens (a listing's page). The promotion modules
 * validate with zod (about 25 KB gzip, and ~100 ms of a slow phone's main thread to build its
 * schemas), so these screens load them after they have hydrated, not with their own code. The
 * page the gateway rendered had no promotion either (it is on the device only), so the first
 * render matches it.
 */
import { startTransition, useEffect, useState } from 'react';
import type { PromotionEventType, StoredPromotion } from '@couchdb/model/promotion-facts';
import {
  PROMOTION_CHANGED_EVENT,
  PROMOTION_STORAGE_KEY,
} from '@couchdb/model/promotion-link-facts';

/**
 * Whether the device keeps a promotion at all (active or not): without one there is nothing to read
 * or record, and the promotion modules need not load (most visits come without a promotion link).
 */
export function promotionKept(): boolean {
  try {
    return globalThis.localStorage?.getItem(PROMOTION_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}

/**
 * The active stored promotion: undefined until it has been read (just after the first render),
 * then the promotion or null; read again when this tab stores or forgets one (a promotion link
 * opened straight onto this screen is kept just after it renders) or another tab does.
 */
export function useStoredPromotion(): StoredPromotion | null | undefined {
  const [promotion, setPromotion] = useState<StoredPromotion | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let reads = 0;
    const read = () => {
      const mine = ++reads;
      // A transition: the screen renders again with it in slices, not in one task.
      const settle = (promotion: StoredPromotion | null) => {
        if (live && mine === reads) startTransition(() => setPromotion(promotion));
      };
      if (!promotionKept()) settle(null);
      else
        import('./promotion').then(
          (m) => settle(m.readStoredPromotion()),
          (err: unknown) => {
            console.error('reading the stored promotion failed', err);
            settle(null);
          },
        );
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === PROMOTION_STORAGE_KEY || event.key === null) read();
    };
    read();
    window.addEventListener(PROMOTION_CHANGED_EVENT, read);
    window.addEventListener('storage', onStorage);
    return () => {
      live = false;
      window.removeEventListener(PROMOTION_CHANGED_EVENT, read);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return promotion;
}

/** recordPromotionEvent (promotion-events.ts), once its module has loaded. */
export function recordPromotionEventSoon(type: PromotionEventType, propertyId?: string): void {
  if (!promotionKept()) return;
  import('./promotion-events')
    .then((m) => m.recordPromotionEvent(type, propertyId))
    .catch((err: unknown) => console.error('recording the promotion event failed', type, err));
}
