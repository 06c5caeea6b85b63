/**
 * What a push reads besides the device's row: the stored document (or its tombstone), the writer,
 * the settings; from the gateway's in-memory change log when it is sure to be current, else the store.
 */
import type nano from 'nano';
import type { SyncCollection } from '@couchdb/model/sync';
import { resolveSettings } from '@couchdb/model/setting-facts';
import type { Settings } from '@couchdb/model/setting-facts';
import type { Viewer } from '@couchdb/rules/access';
import { couchStatus, type Store } from '../../store/couch';
import type { ChangeFeed } from '../change-feed';
import type { Operator } from '../oplog-service';
import { toModelDoc, type StoredDoc } from './projection';

/**
 * The current version as the change log holds it (a copy), null when it never existed, or undefined
 * when the log cannot say (not loaded, or this gateway's own write of it has not come through).
 */
export function storedInLog(
  feed: ChangeFeed | undefined,
  collection: SyncCollection,
  id: string,
): StoredDoc | null | undefined {
  const doc = feed?.log(collection)?.latest(id);
  return doc ? structuredClone(doc) : doc;
}

/** The current stored version; a deleted document comes back as its tombstone `{_id, _rev, _deleted}`. */
export async function loadStored(
  db: nano.DocumentScope<StoredDoc>,
  id: string,
): Promise<StoredDoc | null> {
  try {
    return (await db.get(id)) as StoredDoc;
  } catch (err) {
    if (couchStatus(err) !== 404) throw err;
  }
  const revs = await db.fetchRevs({ keys: [id] });
  const row = revs.rows[0] as { value?: { rev: string; deleted?: boolean } } | undefined;
  return row?.value?.deleted ? { _id: id, _rev: row.value.rev, _deleted: true } : null;
}

/** The writer as the operation log names them (their name, else their phone). */
export async function loadOperator(
  store: Store,
  viewer: NonNullable<Viewer>,
  feed?: ChangeFeed,
): Promise<Operator> {
  const nameOf = (user: Record<string, unknown>) =>
    (typeof user.name === 'string' && user.name) ||
    (typeof user.phone === 'string' && user.phone) ||
    '';
  const known = storedInLog(feed, 'users', viewer.id);
  if (known && !known._deleted) return { id: viewer.id, name: nameOf(known), role: viewer.role };
  try {
    const user = (await store.db('users').get(viewer.id)) as { name?: string; phone?: string };
    return { id: viewer.id, name: nameOf(user), role: viewer.role };
  } catch {
    return { id: viewer.id, name: '', role: viewer.role };
  }
}

/** The system settings as stored now (as the settings feed brought them, once it is loaded). */
export async function loadSettings(store: Store, feed?: ChangeFeed): Promise<Settings> {
  const log = feed?.log('settings');
  if (log && log.caughtUpTo(log.mark())) {
    const docs: StoredDoc[] = [];
    log.scan(0, (doc) => {
      if (!doc._deleted) docs.push(doc);
      return true;
    });
    return resolveSettings(docs.map((d) => toModelDoc(d)));
  }
  const res = await store.db('settings').list({ include_docs: true });
  const docs = res.rows
    .filter((r) => r.doc && !r.id.startsWith('_design/'))
    .map((r) => toModelDoc(r.doc as StoredDoc));
  return resolveSettings(docs);
}
