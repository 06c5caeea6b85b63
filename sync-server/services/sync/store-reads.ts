/** What a push reads from the store besides the document: its tombstone, the writer, the settings. */
import type nano from 'nano';
import { resolveSettings } from '@couchdb/model/setting';
import type { Settings } from '@couchdb/model/setting-facts';
import type { Viewer } from '@couchdb/rules/access';
import { couchStatus, type Store } from '../../store/couch';
import type { Operator } from '../oplog-service';
import { toModelDoc, type StoredDoc } from '../projection';

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
export async function loadOperator(store: Store, viewer: NonNullable<Viewer>): Promise<Operator> {
  try {
    const user = (await store.db('users').get(viewer.id)) as {
      name?: string;
      phone?: string;
    };
    return { id: viewer.id, name: user.name || user.phone || '', role: viewer.role };
  } catch {
    return { id: viewer.id, name: '', role: viewer.role };
  }
}

/** The system settings as stored now. */
export async function loadSettings(store: Store): Promise<Settings> {
  const res = await store.db('settings').list({ include_docs: true });
  const docs = res.rows
    .filter((r) => r.doc && !r.id.startsWith('_design/'))
    .map((r) => toModelDoc(r.doc as StoredDoc));
  return resolveSettings(docs);
}
