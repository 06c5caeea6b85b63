/**
 * The device's counter queue (issue 3 item 5): views and likes recorded offline wait on the device,
 * are sent once the connection is back, and are counted once, also when an answer is lost and the
 * device sends the call again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import { toStoreDoc } from '../../../sync-server/store/documents';
import { buildNews, buildProperty } from '../../fixtures/builders';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, signedInAs, TestDevice } from './device';
import { oplogCounts } from './support';

let gw: TestGateway;
let url: string;
let admin: Account;
let alice: Account;
const devices: TestDevice[] = [];
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  admin = await gw.createUser('admin', '管理员');
  alice = await gw.createUser('user', '爱丽丝');
});

afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  for (const p of proxies) await p.close();
  await gw.cleanup();
});

async function publicListing(): Promise<string> {
  const listing = buildProperty({ id: newId(), title: '计数测试的房源' });
  await gw.store.db('properties').insert(toStoreDoc(listing) as never);
  return listing.id;
}

async function storedCount(collection: 'properties' | 'news', id: string, field: string) {
  const doc = (await gw.store.db(collection).get(id)) as unknown as Record<string, number>;
  return doc[field];
}

describe('the counter queue', () => {
  it('keeps views and likes made offline and sends them once online, each counted once', async () => {
    const listingId = await publicListing();
    const article = buildNews({ id: newId() });
    await gw.store.db('news').insert(toStoreDoc(article) as never);
    const visitor = await new TestDevice({
      url,
      role: 'visitor',
      collections: ['properties', 'news', 'counter_queue'],
    }).open();
    devices.push(visitor);
    const sync = visitor.startSync();
    await sync.awaitInSync();

    await sync.goOffline();
    await sync.counters.record('property_view', listingId);
    await sync.counters.record('property_view', listingId); // the same visitor looks again
    await sync.counters.record('news_like', article.id);
    await sync.counters.record('news_like', article.id); // a double tap
    await eventually(() => visitor.status.get().queuedCounters === 4, 'four queued calls');
    expect(await visitor.db.counter_queue.count().exec()).toBe(4);
    expect(await storedCount('properties', listingId, 'view_count')).toBe(0);

    await sync.goOnline();
    await eventually(
      async () => (await visitor.db.counter_queue.count().exec()) === 0,
      'the queue to be sent',
    );
    expect(visitor.status.get().queuedCounters).toBe(0);
    expect(await storedCount('properties', listingId, 'view_count')).toBe(1);
    expect(await storedCount('news', article.id, 'like_count')).toBe(1);
    expect((await oplogCounts(url, admin, 'view')).get(listingId)).toBe(1);
    // The new count replicates back like any server change.
    await eventually(
      async () => (await visitor.db.properties.findOne(listingId).exec())?.view_count === 1,
      'the view count on the device',
    );
  });

  it('a view whose answer is lost is sent again and still counted once', async () => {
    const listingId = await publicListing();
    let lost = 0;
    const proxy = await startFaultProxy({
      target: url,
      decide: (req) => {
        if (req.method !== 'POST' || !req.url?.endsWith('/view') || lost > 0) return 'pass';
        lost++;
        return 'drop-response';
      },
    });
    proxies.push(proxy);
    const device = await new TestDevice({
      url: proxy.url,
      ...signedInAs(alice),
      collections: ['properties', 'counter_queue'],
    }).open();
    devices.push(device);
    const sync = device.startSync();
    await sync.awaitInSync();

    await sync.counters.record('property_view', listingId);
    await eventually(
      async () => (await device.db.counter_queue.count().exec()) === 0,
      'the view to be sent again after the lost answer',
    );
    expect(lost).toBe(1);
    expect(await storedCount('properties', listingId, 'view_count')).toBe(1);
    expect((await oplogCounts(url, admin, 'view')).get(listingId)).toBe(1);
  });
});
