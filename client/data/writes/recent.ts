/** Recently viewed listings on this device (the `recent` collection; couchdb/rules/recent.ts). */
import { addRecentlyViewed } from '@couchdb/rules/recent';
import type { DeviceDatabase } from '../storage/database';

/**
 * Puts `propertyId` first in the recently viewed list and drops what falls beyond 10. The entry is
 * written before the list is read back and trimmed, so two views in quick succession (a second
 * tab, a fast back-and-forth) never trim each other's entries twice.
 */
export async function recordRecentView(
  db: DeviceDatabase,
  propertyId: string,
  now: Date = new Date(),
): Promise<void> {
  const viewedAt = now.toISOString();
  await db.recent.upsert({ id: propertyId, viewed_at: viewedAt });
  const entries = (await db.recent.find().exec()).map((d) => ({
    id: d.id,
    viewed_at: d.viewed_at ?? '',
  }));
  const { dropped } = addRecentlyViewed(entries, propertyId, viewedAt);
  if (dropped.length > 0) await db.recent.bulkRemove(dropped);
}
