/** The system settings every screen reads (default contact, audit, image limit), with defaults. */
import { DEFAULT_SETTINGS, resolveSettings, type Settings } from '@couchdb/model/setting-facts';
import { mapSource, useLiveQuery, type LiveResult } from './use-live-query';

/** The settings as the device holds them, with the query's state (the admin's settings form). */
export function useSettingsQuery(): LiveResult<Settings> {
  return useLiveQuery('settings', (db) =>
    mapSource(db.settings.find().$, (docs) => resolveSettings(docs.map((d) => d.toJSON()))),
  );
}

/** The resolved settings; the defaults until the device holds the documents. */
export function useSettings(): Settings {
  return useSettingsQuery().data ?? DEFAULT_SETTINGS;
}
