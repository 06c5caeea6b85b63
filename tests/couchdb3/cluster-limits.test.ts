/**
 * Limits on a three-node CouchDB cluster: gateways reaching different nodes change one limit record
 * at once, and the limit still lets exactly its number through (the record's database is one copy:
 * SINGLE_COPY_DATABASES).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { StoreLimitStore } from '../../sync-server/services/limits/limit-store';
import { WindowCounter } from '../../sync-server/services/limits/window-counter';
import { openStore, type Store } from '../../sync-server/store/couch';
import { startCouchDb3, type CouchDb3 } from '../helpers/couchdb3';

let couch: CouchDb3;
let dataDir: string;
const stores: Store[] = [];

beforeAll(async () => {
  couch = await startCouchDb3(3);
  dataDir = await mkdtemp(path.join(tmpdir(), 'cj-cluster-limits-'));
  const prefix = `t${randomBytes(4).toString('hex')}_`;
  const logger = pino({ level: 'silent' });
  // One store client per node, as gateways behind a load balancer reach different nodes.
  for (const i of [1, 2, 3])
    stores.push(await openStore({ couchUrl: couch.nodeUrl(i), dataDir, prefix, logger }));
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await couch?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('keeps the limits database as one copy in one shard', async () => {
  const res = await fetch(`${couch.origin}/${stores[0]!.dbName('limits')}/_shards`, {
    headers: { authorization: basicAuth(couch.url) },
  });
  const { shards } = (await res.json()) as { shards: Record<string, string[]> };
  expect(Object.values(shards)).toEqual([[expect.any(String)]]);
});

it('lets exactly the limit through when three gateways take from one window at once', async () => {
  const max = 10;
  const counters = stores.map((store) => new WindowCounter(new StoreLimitStore(store)));
  for (let round = 0; round < 3; round++) {
    const key = `burst:${round}`;
    const waits = await Promise.all(
      Array.from({ length: 60 }, (_, i) => counters[i % counters.length]!.take(key, max, 60_000)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(max);
  }
});

function basicAuth(url: string): string {
  const { username, password } = new URL(url);
  const pair = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}
