/**
 * Writes the demo data set (couchdb/seed) into the store once: accounts through the auth service
 * (so passwords are hashed like any other), then listings, demands, news and settings. A marker in
 * the private `auth` database records that it happened, so a restart never seeds twice; a seed cut
 * off half-way is completed on the next start (existing documents are left as they are).
 */
import type { Logger } from 'pino';
import { buildDemoData } from '@couchdb/seed/demo-data';
import { generateDemoImages } from '@couchdb/seed/demo-images';
import type { DatabaseName } from '@couchdb/design/databases';
import { putMediaBuffer } from '../media/storage';
import { couchStatus, type Store } from '../store/couch';
import { toStoreDoc } from '../store/documents';
import type { AuthService } from './auth-service';

const MARKER_ID = 'meta:demo-seed';

export interface SeedDeps {
  store: Store;
  auth: AuthService;
  mediaDir: string;
  logger: Logger;
  now?: Date;
}

/** Inserts documents, leaving any that already exist untouched. Returns how many were new. */
export async function insertMissing(
  store: Store,
  db: DatabaseName,
  docs: readonly { id: string }[],
): Promise<number> {
  let created = 0;
  for (let i = 0; i < docs.length; i += 500) {
    const chunk = docs.slice(i, i + 500).map((d) => toStoreDoc(d));
    const results = await store.db(db).bulk({ docs: chunk });
    for (const r of results) {
      if (!r.error) created++;
      else if (r.error !== 'conflict')
        throw new Error(`seeding ${db}/${r.id} failed: ${r.error} ${r.reason ?? ''}`);
    }
  }
  return created;
}

/** Seeds the demo data unless the marker says it was done. Returns true when it seeded now. */
export async function seedDemoDataOnce({
  store,
  auth,
  mediaDir,
  logger,
  now = new Date(),
}: SeedDeps): Promise<boolean> {
  const authDb = store.db('auth');
  try {
    await authDb.get(MARKER_ID);
    return false;
  } catch (err) {
    if (couchStatus(err) !== 404) throw err;
  }
  const started = Date.now();
  const media = await generateDemoImages((bytes, ext) => putMediaBuffer(mediaDir, bytes, ext));
  const data = buildDemoData({ now, media });
  let accounts = 0;
  for (const { user, password } of data.accounts)
    if (await auth.createAccount(user, password)) accounts++;
  const counts = {
    accounts,
    properties: await insertMissing(store, 'properties', data.properties),
    demands: await insertMissing(store, 'demands', data.demands),
    news: await insertMissing(store, 'news', data.news),
    settings: await insertMissing(store, 'settings', data.settings),
  };
  await authDb.insert({
    _id: MARKER_ID,
    kind: 'meta',
    seeded_at: now.toISOString(),
    counts,
  } as never);
  logger.info({ ...counts, ms: Date.now() - started }, 'demo data seeded');
  return true;
}
