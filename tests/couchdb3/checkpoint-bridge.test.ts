/**
 * A device whose checkpoint no gateway's log holds (a sequence from another gateway's read of the
 * store, given while its log was still loading) is answered from the store, once: on a database that keeps
 * one copy of each change, a read to the end of the feed hands back a checkpoint of the log, and
 * the device's next pulls are answered from memory again, without missing a change.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, SyncCheckpoint } from '../../couchdb/model/sync';
import { toStoreDoc } from '../../sync-server/store/documents';
import { buildProperty } from '../fixtures/builders';
import { startCouchDb3, type CouchDb3 } from '../helpers/couchdb3';
import { startTestGateway, type TestGateway } from '../helpers/test-gateway';

let couch: CouchDb3;
let gw: TestGateway;
const listings = Array.from({ length: 12 }, () => buildProperty());

const pull = async (checkpoint: SyncCheckpoint | null, limit = 5) => {
  const res = await request(gw.app)
    .get('/api/sync/properties/pull')
    .query({
      limit,
      ...(checkpoint ? { checkpoint: checkpoint.seq } : {}),
      ...(checkpoint?.state ? { state: checkpoint.state } : {}),
    });
  expect(res.status).toBe(200);
  return res.body as PullResponse;
};

beforeAll(async () => {
  couch = await startCouchDb3(1);
  gw = await startTestGateway({ couchUrl: couch.url });
  for (const listing of listings.slice(0, 10))
    await gw.store.db('properties').insert(toStoreDoc(listing) as never);
  await gw.feedCaughtUp();
});
afterAll(async () => {
  await gw?.cleanup();
  await couch?.stop();
});

describe('a checkpoint no log holds, on one copy of each change', () => {
  it('is read from the store once, then the device is back on the log, missing nothing', async () => {
    // The first four as another gateway's page gave them: a sequence of the store's own read.
    const { results } = await gw.store.db('properties').changes({ since: '0', limit: 4 });
    const foreign = { seq: String(results.at(-1)!.seq) };
    const seen = new Set(results.map((r) => r.id).filter((id) => !id.startsWith('_design/')));
    const before = { ...gw.sync.pullSources };

    // A page cut by the limit keeps the store's sequence; the read that reaches the end gives the log's.
    const first = await pull(foreign);
    expect(first.documents).toHaveLength(5);
    expect(first.checkpoint!.state).toBeNull();
    const second = await pull(first.checkpoint);
    expect(second.checkpoint!.state).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const doc of [...first.documents, ...second.documents]) seen.add(doc.id);
    expect(gw.sync.pullSources.store - before.store).toBe(2);

    // From here on, memory: two more listings come, each once, and nothing is left out.
    for (const listing of listings.slice(10))
      await gw.store.db('properties').insert(toStoreDoc(listing) as never);
    await gw.feedCaughtUp();
    const next = await pull(second.checkpoint, 100);
    expect(next.documents.map((d) => d.id).sort()).toEqual(
      listings
        .slice(10)
        .map((l) => l.id)
        .sort(),
    );
    for (const doc of next.documents) seen.add(doc.id);
    expect([...seen].sort()).toEqual(listings.map((l) => l.id).sort());
    expect(gw.sync.pullSources.store - before.store).toBe(2);
    expect(gw.sync.pullSources.memory - before.memory).toBe(1);
  });
});
