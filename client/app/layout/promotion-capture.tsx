/**
 * Promotion links (product §4 Promotion, issue 15): any URL may carry an agent's promotion. The layout
 * hands it to the data layer (loaded only then), which keeps it for 24 hours and records the visit,
 * and takes the parameters off the address bar. Events kept while offline are sent on the next
 * page load with a connection.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PROMOTION_OUTBOX_KEY, PROMOTION_PARAMS } from '@couchdb/model/promotion-link-facts';

export function PromotionCapture() {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search, hash } = location;

  useEffect(() => {
    if (!new URLSearchParams(search).has(PROMOTION_PARAMS.id)) return;
    let cancelled = false;
    import('@client/data/promotion/promotion-link')
      .then(({ capturePromotion }) => {
        if (cancelled) return;
        const rest = capturePromotion(search);
        void navigate({ pathname, search: rest, hash }, { replace: true });
      })
      .catch((err: unknown) => console.error('reading the promotion link failed', err));
    return () => {
      cancelled = true;
    };
  }, [pathname, search, hash, navigate]);

  useEffect(() => {
    let kept = false;
    try {
      kept = globalThis.localStorage?.getItem(PROMOTION_OUTBOX_KEY) !== null;
    } catch {
      kept = false;
    }
    if (!kept) return;
    import('@client/data/promotion/promotion-events')
      .then((m) => m.sendPromotionEventsWhenOnline())
      .catch((err: unknown) => console.error('sending kept promotion events failed', err));
  }, []);

  return null;
}
