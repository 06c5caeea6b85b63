/**
 * Store throughput on this machine, the baseline the sync benchmarks compare against:
 * writing N listings into a fresh embedded store in bulk, then reading them back through the
 * `_changes` feed in pages, the way a device's first sync walks it.
 *
 *   npm run bench -- store-throughput [--listings 10000] [--page 1000]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type nano from 'nano';
import { pino } from 'pino';
import { buildBenchProperties } from '../couchdb/seed/bench-data';
import { toStoreDoc } from '../sync-server/store/documents';
import { openStore } from '../sync-server/store/couch';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    listings: { type: 'string', default: '10000' },
    page: { type: 'string', default: '1000' },
  },
  strict: false,
});
const count = Number(values.listings);
const page = Number(values.page);

const dir = await mkdtemp(path.join(tmpdir(), 'cj-bench-'));
const store = await openStore({ dataDir: dir, logger: pino({ level: 'warn' }) });
try {
  const docs = buildBenchProperties(count, 1).map((d) => toStoreDoc(d));
  const db = store.db('properties');

  let t = performance.now();
  for (let i = 0; i < docs.length; i += page) await db.bulk({ docs: docs.slice(i, i + page) });
  const writeMs = performance.now() - t;

  t = performance.now();
  let since: string | number = 0;
  let read = 0;
  for (;;) {
    const res: nano.DatabaseChangesResponse = await db.changes({
      since: String(since),
      limit: page,
      include_docs: true,
    });
    read += res.results.filter((r) => !r.id.startsWith('_design/')).length;
    if (res.results.length < page) break;
    since = res.last_seq;
  }
  const readMs = performance.now() - t;

  const bytes = Buffer.byteLength(JSON.stringify(docs));
  console.log(
    `store: embedded PouchDB Server, ${count} listings (${(bytes / 1e6).toFixed(1)} MB JSON), pages of ${page}`,
  );
  console.log(
    `bulk write      ${writeMs.toFixed(0).padStart(6)} ms  ${((count / writeMs) * 1000).toFixed(0).padStart(7)} docs/s`,
  );
  console.log(
    `_changes read   ${readMs.toFixed(0).padStart(6)} ms  ${((read / readMs) * 1000).toFixed(0).padStart(7)} docs/s  (${read} docs)`,
  );
  console.log(`read/write ratio ${(readMs / writeMs).toFixed(2)}`);
} finally {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
