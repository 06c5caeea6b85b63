/** The system settings every screen reads (default contact, audit, image limit), with defaults. */
import { map } from 'rxjs';
import { DEFAULT_SETTINGS, resolveSettings, type Settings } from '@couchdb/model/setting-facts';
import { useLiveQuery } from './use-live-query';

/** The resolved settings; the defaults until the device holds the documents. */
export function useSettings(): Settings {
  const { data } = useLiveQuery('settings', (db) =>
    db.settings.find().$.pipe(map((docs) => resolveSettings(docs.map((d) => d.toJSON())))),
  );
  return data ?? DEFAULT_SETTINGS;
}
