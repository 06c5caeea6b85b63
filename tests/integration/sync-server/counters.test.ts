/**
 * Counters count people, not requests (issue 16, finding 4): views and likes from one address with a
 * new device id each time count only the few visitors an address may; a signed-in account counts
 * once; the operation log keeps one entry a listing and day with the count; nothing is stored per
 * like for good; an address sending too many counter calls is told to wait.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import { COUNTER_LIMITS } from '../../../couchdb/model/sync';
import { rateLimitedMessage } from '../../../couchdb/model/errors';
import { formatDate } from '../../../couchdb/rules/format';
import { toStoreDoc } from '../../../sync-server/store/documents';
import { buildNews, buildProperty } from '../../fixtures/builders';
import { pullAll } from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

let gw: TestGateway;
let url: string;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
});
afterAll(async () => {
  await gw?.cleanup();
});

async function publicListing(): Promise<string> {
  const listing = buildProperty({ id: newId(), title: '计数加固的房源' });
  await gw.store.db('properties').insert(toStoreDoc(listing) as never);
  return listing.id;
}

async function publishedArticle(): Promise<string> {
  const article = buildNews({ id: newId(), status: 'published' });
  await gw.store.db('news').insert(toStoreDoc(article) as never);
  return article.id;
}

const stored = async (db: 'properties' | 'news', id: string) =>
  (await gw.store.db(db).get(id)) as unknown as Record<string, unknown>;

const newDevice = () => `dev-${newId()}`;

describe('a visitor making up a new device id for every call', () => {
  it('inflates a listing’s views by no more than the few visitors of one address', async () => {
    const listing = await publicListing();
    const answers = [];
    for (let i = 0; i < 30; i++) {
      answers.push(
        await request(url).post(`/api/properties/${listing}/view`).set('X-Device-Id', newDevice()),
      );
    }
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const counted = answers.filter((a) => a.body.counted).length;
    expect(counted).toBe(COUNTER_LIMITS.visitorsPerAddressPerItem);
    expect((await stored('properties', listing)).view_count).toBe(counted);
  });

  it('inflates an article’s likes no more, and leaves no document per like', async () => {
    const article = await publishedArticle();
    const authBefore = (await gw.store.db('auth').info()).doc_count;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        request(url).post(`/api/news/${article}/like`).set('X-Device-Id', newDevice()),
      ),
    );
    expect(answers.filter((a) => a.body.counted).length).toBe(
      COUNTER_LIMITS.visitorsPerAddressPerItem,
    );
    expect((await stored('news', article)).like_count).toBe(
      COUNTER_LIMITS.visitorsPerAddressPerItem,
    );
    expect((await gw.store.db('auth').info()).doc_count).toBe(authBefore);
  });

  it('still counts the same device once', async () => {
    const listing = await publicListing();
    const device = newDevice();
    const first = await request(url)
      .post(`/api/properties/${listing}/view`)
      .set('X-Device-Id', device);
    const again = await request(url)
      .post(`/api/properties/${listing}/view`)
      .set('X-Device-Id', device);
    expect(first.body).toEqual({ counted: true, value: 1 });
    expect(again.body).toEqual({ counted: false, value: 1 });
  });
});

describe('signed-in accounts', () => {
  it('count once each, whatever device id they send', async () => {
    const listing = await publicListing();
    const people = await Promise.all(Array.from({ length: 5 }, () => gw.createUser()));
    for (const person of people) {
      for (let i = 0; i < 3; i++) {
        await request(url)
          .post(`/api/properties/${listing}/view`)
          .set('Authorization', `Bearer ${person.accessToken}`)
          .set('X-Device-Id', newDevice())
          .expect(200);
      }
    }
    expect((await stored('properties', listing)).view_count).toBe(5);
  });

  it('are logged as one view entry a listing and day, carrying the count', async () => {
    const listing = await publicListing();
    const people = await Promise.all(Array.from({ length: 4 }, () => gw.createUser()));
    await Promise.all(
      people.map((p) =>
        request(url)
          .post(`/api/properties/${listing}/view`)
          .set('Authorization', `Bearer ${p.accessToken}`)
          .expect(200),
      ),
    );
    const admin = await gw.createUser('admin');
    const views = (await pullAll(url, admin, 'oplog')).documents.filter(
      (e) => e.property_id === listing && e.operation_type === 'view' && !e._deleted,
    );
    expect(views).toHaveLength(1);
    expect(views[0]!.new_data).toEqual({ day: formatDate(Date.now()), views: 4 });
    expect(views[0]!.operation_description).toContain('浏览4次');
  });

  it('are not counted for the listing’s own publisher, nor while it is not public', async () => {
    const owner = await gw.createUser('agent');
    const admin = await gw.createUser('admin');
    const own = buildProperty({ id: newId(), user_id: owner.user.id });
    const pending = buildProperty({ id: newId(), audit_status: 'pending' });
    await gw.store.db('properties').insert(toStoreDoc(own) as never);
    await gw.store.db('properties').insert(toStoreDoc(pending) as never);
    const view = (id: string, token: string) =>
      request(url)
        .post(`/api/properties/${id}/view`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
    expect((await view(own.id, owner.accessToken)).body.counted).toBe(false);
    expect((await view(pending.id, admin.accessToken)).body.counted).toBe(false);
    expect((await stored('properties', own.id)).view_count ?? 0).toBe(own.view_count ?? 0);
    expect((await stored('properties', pending.id)).view_count ?? 0).toBe(pending.view_count ?? 0);
    // Anyone else's view of the public listing counts.
    expect((await view(own.id, admin.accessToken)).body.counted).toBe(true);
  });

  it('files a view under the county’s calendar day (UTC+8), not UTC’s', async () => {
    const listing = await publicListing();
    // 01:30 in Chengjiang, 17:30 of the day before in UTC (the latest such moment: now or before).
    const at = new Date();
    at.setUTCHours(17, 30, 0, 0);
    if (at.getTime() > Date.now()) at.setUTCDate(at.getUTCDate() - 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(at);
      await request(url)
        .post(`/api/properties/${listing}/view`)
        .set('X-Device-Id', newDevice())
        .expect(200);
    } finally {
      vi.useRealTimers();
    }
    const admin = await gw.createUser('admin');
    const [entry] = (await pullAll(url, admin, 'oplog')).documents.filter(
      (e) => e.property_id === listing && e.operation_type === 'view' && !e._deleted,
    );
    const countyDay = new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(entry!.new_data).toEqual({ day: countyDay, views: 1 });
    expect(entry!.operation_description).toContain(`${countyDay}浏览1次`);
  });
});

describe('an address sending too many counter calls', () => {
  it('is told to wait, with Retry-After and the message', async () => {
    const own = await startTestGateway();
    try {
      const listing = buildProperty({ id: newId() });
      await own.store.db('properties').insert(toStoreDoc(listing) as never);
      const device = newDevice();
      for (let i = 0; i < COUNTER_LIMITS.callsPerAddressPerMinute; i++) {
        await request(own.app)
          .post(`/api/properties/${listing.id}/view`)
          .set('X-Device-Id', device)
          .expect(200);
      }
      const refused = await request(own.app)
        .post(`/api/properties/${listing.id}/view`)
        .set('X-Device-Id', device);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(refused.body.error.message).toBe(rateLimitedMessage(wait));
    } finally {
      await own.cleanup();
    }
    // A minute's worth of calls one after another, each checking the shared limit in the store.
  }, 120_000);
});
