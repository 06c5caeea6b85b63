/**
 * The stored promotion for screens a shared link opens (a listing's page). The promotion modules
 * validate with zod (about 25 KB gzip, and ~100 ms of a slow phone's main thread to build its
 * schemas), so these screens load them after they have hydrated, not with their own code. The
 * page the gateway rendered had no promotion either (it is on the device only), so the first
 * render matches it.
 */
import { startTransition, useEffect, useState } from 'react';
import type { PromotionEventType, StoredPromotion } from '@couchdb/model/promotion';

/**
 * The active stored promotion: undefined until it has been read (just after the first render),
 * then the promotion or null.
 */
export function useStoredPromotion(): StoredPromotion | null | undefined {
  const [promotion, setPromotion] = useState<StoredPromotion | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    // A transition: the screen renders again with it in slices, not in one task.
    const settle = (promotion: StoredPromotion | null) => {
      if (live) startTransition(() => setPromotion(promotion));
    };
    import('./promotion').then(
      (m) => settle(m.readStoredPromotion()),
      (err: unknown) => {
        console.error('reading the stored promotion failed', err);
        settle(null);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return promotion;
}

/** recordPromotionEvent (promotion-events.ts), once its module has loaded. */
export function recordPromotionEventSoon(type: PromotionEventType, propertyId?: string): void {
  import('./promotion-events')
    .then((m) => m.recordPromotionEvent(type, propertyId))
    .catch((err: unknown) => console.error('recording the promotion event failed', type, err));
}
