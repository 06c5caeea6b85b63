/** The signed-in user's favourites: which listings are favourited, and the toggle. */
import { useMemo } from 'react';
import { map, of, switchMap } from 'rxjs';
import { favoriteId } from '@couchdb/model/favorite-facts';
import { isPubliclyVisible } from '@couchdb/rules/access';
import type { DeviceDatabase } from '../database';
import { useOpenDevice } from '../open-device';
import type { PropertyDoc } from '../schemas/property.schema';
import { useLiveQuery, type LiveResult } from './use-live-query';

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
      ? db.favorites
          .find({ selector: { user_id: userId } })
          .$.pipe(map((docs) => docs.map((d) => [d.property_id, d.created_at] as const)))
      : of([]),
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

export interface FavoriteListings {
  /** Favourited listings the device holds, most recently favourited first. */
  properties: PropertyDoc[];
  /** Favourites whose listing is no longer public (taken down, deleted) or not on the device yet. */
  unavailable: string[];
}

/** The user's favourites with their listings (spec §2 "Favourites"; the device filters them). */
export function useFavoriteProperties(userId: string | null): LiveResult<FavoriteListings> {
  const device = useOpenDevice();
  const ownDatabase =
    userId !== null && device?.identity.kind === 'user' && device.identity.userId === userId;
  return useLiveQuery(`favorite-properties:${ownDatabase ? userId : ''}`, (db) => {
    if (!ownDatabase) return of({ properties: [], unavailable: [] });
    return db.favorites.find({ selector: { user_id: userId } }).$.pipe(
      map((docs) =>
        docs
          .map((d) => ({ id: d.property_id, at: d.created_at ?? '' }))
          .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
          .map((f) => f.id),
      ),
      switchMap((ids) =>
        db.properties.findByIds(ids).$.pipe(
          map((found) => {
            const properties: PropertyDoc[] = [];
            const unavailable: string[] = [];
            for (const id of ids) {
              const doc = found.get(id);
              if (doc && isPubliclyVisible(doc.toJSON() as PropertyDoc))
                properties.push(doc.toJSON() as PropertyDoc);
              else unavailable.push(id);
            }
            return { properties, unavailable };
          }),
        ),
      ),
    );
  });
}

/** Removes every favourite of the user (one bulk write; it syncs like any other). */
export async function clearFavorites(db: DeviceDatabase, userId: string): Promise<number> {
  const docs = await db.favorites.find({ selector: { user_id: userId } }).exec();
  await db.favorites.bulkRemove(docs.map((d) => d.id));
  return docs.length;
}
