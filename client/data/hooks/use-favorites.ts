/** The signed-in user's favourites: which listings are favourited, and the toggle. */
import { useMemo } from 'react';
import { FAVORITE_MAX, FAVORITE_MESSAGES, favoriteId } from '@couchdb/model/favorite-facts';
import type { DeviceDatabase } from '../storage/database';
import { checkLimit } from '../writes/limit-reached';
import { useOpenDevice } from '../open-device';
import { constantSource, mapSource, useLiveQuery } from './use-live-query';

/**
 * The listings the user has favourited, each with when (empty for a visitor or while another
 * database is open): the time is where a price drop is counted from (issue 18).
 */
export function useFavoriteIds(userId: string | null): ReadonlyMap<string, string> {
  const device = useOpenDevice();
  const ownDatabase =
    userId !== null && device?.identity.kind === 'user' && device.identity.userId === userId;
  const { data } = useLiveQuery(`favorites:${ownDatabase ? userId : ''}`, (db) =>
    ownDatabase
      ? mapSource(db.favorites.find({ selector: { user_id: userId } }).$, (docs) =>
          docs.map((d) => [d.property_id, d.created_at] as const),
        )
      : constantSource([]),
  );
  return useMemo(() => new Map(data ?? []), [data]);
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
  const existing = await db.favorites.findOne(favoriteId(userId, propertyId)).exec();
  if (existing) {
    // Incremental: sync may write a newer revision (the server's accepted version) at any moment.
    await existing.incrementalRemove();
    return 'removed';
  }
  await addFavorite(db, userId, propertyId);
  return 'added';
}

/** Makes `propertyId` a favourite of `userId` (no change if it is one already). */
export async function addFavorite(
  db: DeviceDatabase,
  userId: string,
  propertyId: string,
): Promise<'added' | 'already'> {
  const id = favoriteId(userId, propertyId);
  if (await db.favorites.findOne(id).exec()) return 'already';
  // Counted by reading them: RxDB refuses a count() its indexes cannot answer alone (QU14).
  const owned = await db.favorites.find({ selector: { user_id: userId } }).exec();
  checkLimit(owned.length, FAVORITE_MAX, FAVORITE_MESSAGES.tooMany);
  await db.favorites.upsert({
    id,
    user_id: userId,
    property_id: propertyId,
    created_at: new Date().toISOString(),
  });
  return 'added';
}

/** Removes every favourite of the user (one bulk write; it syncs like any other). */
export async function clearFavorites(db: DeviceDatabase, userId: string): Promise<number> {
  const docs = await db.favorites.find({ selector: { user_id: userId } }).exec();
  await db.favorites.bulkRemove(docs.map((d) => d.id));
  return docs.length;
}
