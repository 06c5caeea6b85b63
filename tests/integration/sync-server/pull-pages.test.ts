/**
 * Visitors' pull pages encoded once (issue 17): visitors asking for the same page while the change
 * log stands still get the same bytes, with the same documents and checkpoints as the page projected
 * for them alone; a signed-in caller never gets a visitor's page (nor another caller's), also when
 * they all ask for the same page at the same moment; a change to the feed gives a new page.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, SyncCheckpoint, SyncDocument } from '../../../couchdb/model/sync';
import { toStoreDoc } from '../../../sync-server/store/documents';
import { buildNewListing, buildProperty } from '../../fixtures/builders';
import { rawRequest } from '../../helpers/raw-http';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let agentA: Account, agentB: Account, admin: Account;
/** A listing every visitor sees, with the owner's phone that only signed-in callers receive. */
const approved = buildProperty({ contact_phone: '13900000001' });
let pendingA = '';
let pendingB = '';

const page = async (who: Account | null, checkpoint?: SyncCheckpoint, limit?: number) => {
  const res = await api.pullPage(gw.app, who, 'properties', {
    checkpoint,
    ...(limit ? { limit } : {}),
  });
  expect(res.status).toBe(200);
  return res.body as PullResponse;
};
const ids = (p: PullResponse) => p.documents.map((d) => d.id);
const byId = (p: PullResponse, id: string) => p.documents.find((d) => d.id === id);

beforeAll(async () => {
  gw = await startTestGateway();
  agentA = await gw.createUser('agent', '经纪人甲');
  agentB = await gw.createUser('agent', '经纪人乙');
  admin = await gw.createUser('admin', '管理员');
  await gw.store.db('properties').insert(toStoreDoc(approved) as never);
  pendingA = await api.insert(gw.app, agentA, 'properties', buildNewListing(agentA.user.id));
  pendingB = await api.insert(gw.app, agentB, 'properties', buildNewListing(agentB.user.id));
  for (let i = 0; i < 5; i++)
    await gw.store.db('properties').insert(toStoreDoc(buildProperty()) as never);
  await gw.feedCaughtUp();
});
afterAll(async () => {
  await gw?.cleanup();
});

describe("a visitor's pull page", () => {
  it('is encoded once for every visitor, with the documents and checkpoints of the page projected alone', async () => {
    const hits = gw.sync.pages.hits;
    // Walk the feed in pages of 2 twice at once, then compare each page with the plain pull's.
    const walk = async () => {
      const pages: PullResponse[] = [];
      let checkpoint: SyncCheckpoint | undefined;
      for (;;) {
        const p = await page(null, checkpoint, 2);
        pages.push(p);
        if (p.documents.length === 0) return pages;
        checkpoint = p.checkpoint!;
      }
    };
    const [first, second] = await Promise.all([walk(), walk()]);
    expect(second).toEqual(first);
    expect(gw.sync.pages.hits - hits).toBeGreaterThanOrEqual(first.length);

    let checkpoint: PullResponse['checkpoint'] = null;
    for (const p of first) {
      const plain = await gw.sync.pull('properties', null, checkpoint, 2);
      expect(p).toEqual(JSON.parse(JSON.stringify(plain)));
      checkpoint = plain.checkpoint;
    }
    const seen = first.flatMap(ids);
    expect(seen).toContain(approved.id);
    expect(seen).not.toContain(pendingA);
    expect(
      byId(
        first.find((p) => byId(p, approved.id))!,
        approved.id,
      ),
    ).not.toHaveProperty('contact_phone');
  });

  it("never reaches a signed-in caller, nor one caller another's, when they ask for the same page at once", async () => {
    for (let round = 0; round < 2; round++) {
      const [visitor, a, b, boss, visitor2] = await Promise.all(
        [null, agentA, agentB, admin, null].map((who) => page(who)),
      );
      expect(visitor2).toEqual(visitor);
      // A visitor: approved listings only, without the owner's phone.
      expect(ids(visitor!)).toContain(approved.id);
      expect(ids(visitor!)).not.toContain(pendingA);
      expect(ids(visitor!)).not.toContain(pendingB);
      expect(byId(visitor!, approved.id)).not.toHaveProperty('contact_phone');
      expect(visitor!.checkpoint?.role).toBe('visitor');
      // Each agent: their own pending listing, not the other's, and the phone of approved ones.
      expect(ids(a!)).toContain(pendingA);
      expect(ids(a!)).not.toContain(pendingB);
      expect(ids(b!)).toContain(pendingB);
      expect(ids(b!)).not.toContain(pendingA);
      for (const agentPage of [a!, b!]) {
        expect(
          (byId(agentPage, approved.id) as SyncDocument & { contact_phone?: string }).contact_phone,
        ).toBe('13900000001');
        expect(agentPage.checkpoint?.role).toBe('agent');
      }
      // The admin: everything.
      expect(ids(boss!)).toEqual(expect.arrayContaining([pendingA, pendingB, approved.id]));
      expect(boss!.checkpoint?.role).toBe('admin');
    }
  });

  it('is read again once the feed brings a change', async () => {
    const before = await page(null);
    expect(await page(null)).toEqual(before);
    const later = buildProperty();
    await gw.store.db('properties').insert(toStoreDoc(later) as never);
    await gw.feedCaughtUp();
    const after = await page(null);
    expect(ids(after)).toContain(later.id);
    expect(after.checkpoint!.seq).not.toBe(before.checkpoint!.seq);
    // From the former head, the same: the change and nothing else.
    expect(ids(await page(null, before.checkpoint!))).toEqual([later.id]);
  });
});

describe('a pull page on the wire', () => {
  /** The raw bytes of a visitor's pull from the start (limit 10), as a device asking `encoding` gets them. */
  const raw = async (encoding: string) => {
    const { url, close } = await gw.listen();
    try {
      return await rawRequest(`${url}/api/sync/properties/pull?limit=10`, {
        'Accept-Encoding': encoding,
      });
    } finally {
      await close();
    }
  };

  it('is gzipped for a device that takes gzip, the same page as sent plain', async () => {
    const plain = await raw('identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await raw('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    const body = zipped.body;
    expect(body.length).toBe(Number(zipped.headers['content-length']));
    expect(body.length).toBeLessThan(plain.body.length);
    const unzipped = await promisify(gunzip)(body);
    expect(JSON.parse(unzipped.toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    // A second visitor gets the bytes compressed for the first (the shared page, zipped once).
    expect((await raw('gzip')).body).toEqual(body);
  });

  it('is sent plain when it is small (a device that is up to date)', async () => {
    const head = await page(null);
    const res = await request(gw.app)
      .get(`/api/sync/properties/pull?checkpoint=${encodeURIComponent(head.checkpoint!.seq)}`)
      .set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((res.body as PullResponse).documents).toEqual([]);
  });
});
