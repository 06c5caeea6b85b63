/** Recently viewed listings (device-only `recent` collection), newest first, at most 10. */
import { RECENT_LIMIT } from '@couchdb/model/constants';
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import type { PropertyDoc } from '../schemas/property.schema';
import { mapSource, switchSource, useLiveQuery, type LiveResult } from './use-live-query';

export interface RecentListing {
  property: PropertyDoc;
  viewedAt: string;
}

/** The listings viewed on this device, newest first; listings no longer public are left out. */
export function useRecentProperties(): LiveResult<RecentListing[]> {
  return useLiveQuery('recent-properties', (db) =>
    switchSource(
      mapSource(db.recent.find().$, (docs) =>
        docs
          .map((d) => ({ id: d.id, viewedAt: d.viewed_at ?? '' }))
          .sort((a, b) => (a.viewedAt < b.viewedAt ? 1 : a.viewedAt > b.viewedAt ? -1 : 0))
          .slice(0, RECENT_LIMIT),
      ),
      (entries) =>
        mapSource(db.properties.findByIds(entries.map((e) => e.id)).$, (found) =>
          entries.flatMap((e) => {
            const doc = found.get(e.id);
            const property = doc ? (doc.toJSON() as PropertyDoc) : null;
            return property && isPubliclyVisible(property)
              ? [{ property, viewedAt: e.viewedAt }]
              : [];
          }),
        ),
    ),
  );
}
