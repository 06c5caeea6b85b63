/** One write policy per collection the devices write; the operation log has none (the gateway writes it). */
import type { SyncCollection } from '@couchdb/model/sync';
import { demandsPolicy } from './demands';
import { favoritesPolicy } from './favorites';
import { inboxPolicy } from './inbox';
import { newsPolicy } from './news';
import type { WritePolicy } from './policy';
import { propertiesPolicy } from './properties';
import { savedSearchesPolicy } from './saved-searches';
import { settingsPolicy } from './settings';
import { usersPolicy } from './users';

export type { Prepared, WriteContext, WritePolicy } from './policy';

export const WRITE_POLICIES: Readonly<Record<SyncCollection, WritePolicy | null>> = {
  properties: propertiesPolicy,
  demands: demandsPolicy,
  favorites: favoritesPolicy,
  news: newsPolicy,
  settings: settingsPolicy,
  users: usersPolicy,
  oplog: null,
  saved_searches: savedSearchesPolicy,
  inbox: inboxPolicy,
};
