/** Local changes the server refused (device-only `refused` collection), for /manage and the forms. */
import type { DeviceDatabase } from '../storage/database';
import type { RefusedDoc } from '../schemas/refused.schema';
import { constantSource, mapSource, useLiveQuery, type LiveResult } from './use-live-query';

/** Every refused change on this device, newest first. */
export function useRefusedChanges(): LiveResult<RefusedDoc[]> {
  return useLiveQuery('refused', (db) =>
    mapSource(db.refused.find().$, (docs) =>
      docs
        .map((d) => d.toJSON() as RefusedDoc)
        .sort((a, b) => b.created_at.localeCompare(a.created_at)),
    ),
  );
}

/** One refused change by its id (null when there is none, e.g. already resent or dismissed). */
export function useRefusedChange(id: string | null): LiveResult<RefusedDoc | null> {
  return useLiveQuery(`refused:${id ?? ''}`, (db) =>
    id
      ? mapSource(db.refused.findOne(id).$, (d) => (d ? (d.toJSON() as RefusedDoc) : null))
      : constantSource(null),
  );
}

/** Forgets a refused change: dismissed, or resent after editing. */
export async function forgetRefusedChange(db: DeviceDatabase, id: string): Promise<void> {
  const doc = await db.refused.findOne(id).exec();
  await doc?.remove();
}
