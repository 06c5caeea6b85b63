/** The favourites screen's query: the user's favourites with their listings. */
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import type { PropertyDoc } from '../schemas/property.schema';
import { useOpenDevice } from '../open-device';
import {
  constantSource,
  mapSource,
  switchSource,
  useLiveQuery,
  type LiveResult,
} from './use-live-query';

export interface FavoriteListings {
  /** Favourited listings the device holds, most recently favourited first. */
  properties: PropertyDoc[];
  /** Favourites whose listing is no longer public (taken down, deleted) or not on the device yet. */
  unavailable: string[];
}

/** The user's favourites with their listings (product §2 "Favourites"; the device filters them). */
export function useFavoriteProperties(userId: string | null): LiveResult<FavoriteListings> {
  const device = useOpenDevice();
  const ownDatabase =
    userId !== null && device?.identity.kind === 'user' && device.identity.userId === userId;
  return useLiveQuery(`favorite-properties:${ownDatabase ? userId : ''}`, (db) => {
    if (!ownDatabase) return constantSource({ properties: [], unavailable: [] });
    const ids = mapSource(db.favorites.find({ selector: { user_id: userId } }).$, (docs) =>
      docs
        .map((d) => ({ id: d.property_id, at: d.created_at ?? '' }))
        .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
        .map((f) => f.id),
    );
    return switchSource(ids, (ids) =>
      mapSource(db.properties.findByIds(ids).$, (found) => {
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
    );
  });
}
