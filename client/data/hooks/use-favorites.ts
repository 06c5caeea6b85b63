/** The signed-in user's favourites: which listings are favourited, and the toggle. */
import { useMemo } from 'react';
import { map, of } from 'rxjs';
import { favoriteId } from '@couchdb/model/favorite';
import type { DeviceDatabase } from '../database';
import { useOpenDevice } from '../open-device';
import { useLiveQuery } from './use-live-query';

/** Property ids the user has favourited (empty for a visitor or while another database is open). */
export function useFavoriteIds(userId: string | null): Set<string> {
  const device = useOpenDevice();
  const ownDatabase =
    userId !== null && device?.identity.kind === 'user' && device.identity.userId === userId;
  const { data } = useLiveQuery(`favorites:${ownDatabase ? userId : ''}`, (db) =>
    ownDatabase
      ? db.favorites
          .find({ selector: { user_id: userId } })
          .$.pipe(map((docs) => docs.map((d) => d.property_id)))
      : of([]),
  );
  return useMemo(() => new Set(data ?? []), [data]);
}

/**
 * Adds or removes a favourite (one document `${userId}:${propertyId}`, so a double tap on two
 * devices is still one favourite). Returns what happened.
 */
export async function toggleFavorite(
  db: DeviceDatabase,
  userId: string,
  propertyId: string,
): Promise<'added' | 'removed'> {
  const id = favoriteId(userId, propertyId);
  const existing = await db.favorites.findOne(id).exec();
  if (existing) {
    // Incremental: sync may write a newer revision (the server's accepted version) at any moment.
    await existing.incrementalRemove();
    return 'removed';
  }
  await db.favorites.upsert({
    id,
    user_id: userId,
    property_id: propertyId,
    created_at: new Date().toISOString(),
  });
  return 'added';
}
