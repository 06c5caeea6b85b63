/** What the signed-in user published: their listings and demands, and one demand by id. */
import type { DemandDoc } from '../schemas/demand.schema';
import type { PropertyDoc } from '../schemas/property.schema';
import { useOpenDevice } from '../open-device';
import { constantSource, mapSource, useLiveQuery, type LiveResult } from './use-live-query';

const newestFirst = <T extends { created_at?: string; id: string }>(a: T, b: T) =>
  (a.created_at ?? '') === (b.created_at ?? '')
    ? a.id.localeCompare(b.id)
    : (a.created_at ?? '') < (b.created_at ?? '')
      ? 1
      : -1;

/** Whether the open database is this user's own (not the visitor's, not another account's). */
function useOwnDatabase(userId: string | null): boolean {
  const device = useOpenDevice();
  return userId !== null && device?.identity.kind === 'user' && device.identity.userId === userId;
}

/** The user's listings (every status but deleted), newest first. */
export function useMyProperties(userId: string | null): LiveResult<PropertyDoc[]> {
  const own = useOwnDatabase(userId);
  return useLiveQuery(`my-properties:${own ? userId : ''}`, (db) =>
    own && userId
      ? mapSource(
          db.properties.find({ selector: { user_id: userId, status: { $ne: 'deleted' } } }).$,
          (docs) => docs.map((d) => d.toJSON() as PropertyDoc).sort(newestFirst),
        )
      : constantSource([]),
  );
}

/** The user's demands, newest first. */
export function useMyDemands(userId: string | null): LiveResult<DemandDoc[]> {
  const own = useOwnDatabase(userId);
  return useLiveQuery(`my-demands:${own ? userId : ''}`, (db) =>
    own && userId
      ? mapSource(db.demands.find({ selector: { user_id: userId } }).$, (docs) =>
          docs.map((d) => d.toJSON() as DemandDoc).sort(newestFirst),
        )
      : constantSource([]),
  );
}

/** One demand by id (null when the device does not hold it). */
export function useDemand(id: string | null): LiveResult<DemandDoc | null> {
  return useLiveQuery(`demand:${id ?? ''}`, (db) =>
    id
      ? mapSource(db.demands.findOne(id).$, (d) => (d ? (d.toJSON() as DemandDoc) : null))
      : constantSource(null),
  );
}
