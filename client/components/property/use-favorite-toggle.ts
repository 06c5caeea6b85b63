/**
 * Favouriting from any screen: login check ('请先登录': signed out, the login opens, and the
 * listing becomes a favourite once back signed in), the write, and the spec's toasts.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { FAVORITE_MESSAGES } from '@couchdb/model/favorite-facts';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
// Not the hooks' index: the first screen loads only the hooks it uses.
import { toggleFavorite, useFavoriteIds } from '@client/data/hooks/use-favorites';
import { LimitReachedError } from '@client/data/writes/limit-reached';
import { useOpenDevice } from '@client/data/open-device';
import { useAuth } from '@client/lib/session/auth-context';
import { failureMessage } from '@client/pwa/failure-message';
import { useToast } from '../toast/toast-context';
import { askToLogIn } from './pending-favorite';

export interface FavoriteToggle {
  /** Listings the user has favourited, with when (empty for a visitor). */
  ids: ReadonlyMap<string, string>;
  /** With `title`, a removal says which listing ('已取消收藏 "{title}"', the favourites page). */
  toggle(propertyId: string, title?: string): void;
}

export function useFavoriteToggle(): FavoriteToggle {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const device = useOpenDevice();
  const toast = useToast();
  const ids = useFavoriteIds(userId);
  const navigate = useNavigate();

  const toggle = useCallback(
    (propertyId: string, title?: string) => {
      if (!userId) {
        toast.warning(FAVORITE_MESSAGES.loginRequired);
        askToLogIn(propertyId, navigate);
        return;
      }
      // Right after login the user's own database may still be opening.
      if (!device || device.identity.kind !== 'user' || device.identity.userId !== userId) {
        toast.info('数据准备中，请稍后再试');
        return;
      }
      toggleFavorite(device.database, userId, propertyId).then(
        (result) =>
          toast.success(
            result === 'added'
              ? FAVORITE_MESSAGES.added
              : title
                ? FAVORITE_MESSAGES.removedTitle(title)
                : FAVORITE_MESSAGES.removed,
          ),
        (err: unknown) => {
          if (err instanceof LimitReachedError) {
            toast.warning(err.message);
            return;
          }
          toast.error(
            failureMessage(
              `favourite toggle of ${propertyId} failed`,
              err,
              GENERIC_MESSAGES.operationFailed,
            ),
          );
        },
      );
    },
    [userId, device, toast, navigate],
  );

  return { ids, toggle };
}
