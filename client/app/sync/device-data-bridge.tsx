/**
 * Keeps the data layer on the session's identity: the visitor's database when signed out, the
 * user's when signed in. RxDB loads here on demand, in a chunk of its own.
 */
import { useEffect } from 'react';
import { hasPendingFavorite } from '@client/components/property/pending-favorite';
import { useToast } from '@client/components/toast/toast-context';
import { useAuth } from '@client/lib/session/auth-context';
import { afterFirstScreen, dataLayerCanWait, loadPageData } from './page-data';

export function DeviceDataBridge() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const role = user?.user_type ?? null;
  const toast = useToast();

  useEffect(() => {
    // While the session loads there is no cached user (a cached one is 'authenticated' at once),
    // so this device rarely has a session to restore (a cookie that outlived the cache): open the
    // visitor's data now instead of after the refresh round trip; a restored session switches.
    const identity =
      userId && role ? { kind: 'user' as const, userId, role } : { kind: 'anon' as const };
    const open = () => {
      loadPageData()
        .then(async (data) => {
          await data.use(identity);
          // 收藏 tapped before this login: the listing becomes a favourite now.
          if (!userId || !data.database || !hasPendingFavorite()) return;
          const { applyPendingFavorite } =
            await import('@client/components/property/favorite-after-login');
          await applyPendingFavorite(data.database, userId, toast);
        })
        .catch((err: unknown) => console.error('opening the device database failed', err));
    };
    // A first visit's screens show the prefetched listings: the database opens after them.
    if (identity.kind === 'anon' && dataLayerCanWait()) return afterFirstScreen(open);
    open();
  }, [userId, role, toast]);

  return null;
}
