/**
 * Coalesced store writes (issue 17): writes made in the same moment go together in one _bulk_docs,
 * sent at once while fewer than BULK_WRITES_IN_FLIGHT are on their way; the writes made while that
 * many are on their way go together in the next; and each still succeeds or fails on its own (a
 * conflict is a 409 for that document alone). Through the gateway: agents saving at once are all accepted, each save logged
 * once, and a stale save is still answered as a conflict.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PushResponse } from '../../../couchdb/model/sync';
import { couchStatus } from '../../../sync-server/store/couch';
import { BULK_WRITES_IN_FLIGHT, BulkWriter } from '../../../sync-server/store/bulk-writer';
import { buildNewDemand, buildNewListing } from '../../fixtures/builders';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

let proxy: FaultProxy;
let gw: TestGateway;
/** _bulk_docs requests the gateway sent to the store. */
const bulkRequests: string[] = [];

beforeAll(async () => {
  proxy = await startFaultProxy({
    target: inject('couchUrl'),
    decide: (req) => {
      if (req.method === 'POST' && req.url?.includes('/_bulk_docs')) bulkRequests.push(req.url);
      return 'pass';
    },
  });
  gw = await startTestGateway({ couchUrl: proxy.url });
});
afterAll(async () => {
  await gw?.cleanup();
  await proxy?.close();
});

describe('coalesced store writes', () => {
  it('send writes made in the same moment together, each with its own outcome', async () => {
    const writer = new BulkWriter(gw.store.db('oplog'));
    const from = bulkRequests.length;
    const ids = Array.from({ length: 20 }, (_, i) => `bulk-test-${Date.now()}-${i}`);
    const written = await Promise.all(ids.map((id) => writer.insert({ _id: id, n: 1 })));
    expect(written.map((w) => w.id)).toEqual(ids);
    for (const w of written) expect(w.rev).toMatch(/^1-/);
    // One request for the 20.
    expect(bulkRequests.length - from).toBe(1);

    // An update at the current revision succeeds; one at a stale revision (or a second new
    // document with a taken id) fails alone, with the status a single write answers.
    const outcomes = await Promise.allSettled([
      writer.insert({ _id: ids[0], _rev: written[0]!.rev, n: 2 }),
      writer.insert({ _id: ids[1], _rev: '1-0000000000000000000000000000000f', n: 2 }),
      writer.insert({ _id: ids[2], n: 2 }),
      writer.insert({ _id: `${ids[3]}-new`, n: 1 }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    for (const o of outcomes) if (o.status === 'rejected') expect(couchStatus(o.reason)).toBe(409);
    expect((await gw.store.db('oplog').get(ids[0]!)).n).toBe(2);
    expect((await gw.store.db('oplog').get(ids[1]!)).n).toBe(1);
  });

  it(`send a write at once while fewer than ${BULK_WRITES_IN_FLIGHT} batches are on their way, and the writes made meanwhile together once one is answered`, async () => {
    const scope = gw.store.db<object>('oplog');
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    /** The documents of each _bulk_docs the writer sent, whose answers wait for `release`. */
    const sent: number[] = [];
    const writer = new BulkWriter({
      bulk: async (body: { docs: object[] }) => {
        sent.push(body.docs.length);
        await answered;
        return scope.bulk(body);
      },
    } as unknown as typeof scope);
    const stamp = Date.now();
    const nextMoment = () => new Promise((resolve) => setImmediate(resolve));
    const writes: Promise<{ id: string; rev: string }>[] = [];
    // A write a moment: each goes at once, up to the limit.
    for (let i = 0; i < BULK_WRITES_IN_FLIGHT; i++) {
      writes.push(writer.insert({ _id: `in-flight-${stamp}-${i}`, n: 1 }));
      await nextMoment();
    }
    expect(sent).toEqual(Array.from({ length: BULK_WRITES_IN_FLIGHT }, () => 1));
    // That many on their way: the next writes wait, in moments of their own.
    for (let i = 0; i < 5; i++) {
      writes.push(writer.insert({ _id: `waiting-${stamp}-${i}`, n: 1 }));
      await nextMoment();
    }
    expect(sent).toHaveLength(BULK_WRITES_IN_FLIGHT);
    release();
    const written = await Promise.all(writes);
    expect(written.map((w) => w.rev.startsWith('1-'))).toEqual(writes.map(() => true));
    // Once the first batches were answered, the five went in one request.
    expect(sent).toEqual([...Array.from({ length: BULK_WRITES_IN_FLIGHT }, () => 1), 5]);
    expect(await scope.get(`waiting-${stamp}-4`)).toMatchObject({ n: 1 });
  });

  it('keep every agent save accepted and logged once, and a stale save a conflict', async () => {
    const agents = await Promise.all(
      Array.from({ length: 8 }, (_, i) => gw.createUser('agent', `经纪人${i}`)),
    );
    const admin = await gw.createUser('admin', '管理员');
    const from = bulkRequests.length;
    const saved = await Promise.all(
      agents.map((a) => api.insert(gw.app, a, 'properties', buildNewListing(a.user.id))),
    );
    expect(bulkRequests.length).toBeGreaterThan(from);
    const rows = await Promise.all(
      agents.map((a, i) =>
        api.patchRow(gw.app, a, 'properties', saved[i]!, { price: 660_000 + i }),
      ),
    );
    await Promise.all(agents.map((a, i) => api.pushAccepted(gw.app, a, 'properties', [rows[i]!])));
    for (const [i, id] of saved.entries())
      expect(await api.master(gw.app, admin, 'properties', id)).toMatchObject({
        price: 660_000 + i,
      });
    // Each save (creation and change) is logged once.
    const log = await api.pullAll<{ id: string; target_id?: string; property_id?: string }>(
      gw.app,
      admin,
      'oplog',
    );
    for (const id of saved) {
      const entries = log.documents.filter((e) => JSON.stringify(e).includes(id));
      expect(entries).toHaveLength(2);
    }
    // The same stale row again: a conflict answering the server's version.
    const stale = await api.push(gw.app, agents[0]!, 'properties', [rows[0]!]);
    const body = stale.body as PushResponse;
    expect(body.accepted).toEqual([]);
    expect(body.conflicts).toMatchObject([{ id: saved[0], price: 660_000 }]);
  });
});

describe('a write the store refuses for the whole batch', () => {
  it('fails alone: the other writes of its batch are stored', async () => {
    const writer = new BulkWriter(gw.store.db('oplog'));
    const stamp = Date.now();
    const first = writer.insert({ _id: `alone-first-${stamp}`, n: 1 });
    // These go with it in one _bulk_docs, which the store refuses whole (it holds an id `_…`).
    const batch = [`alone-a-${stamp}`, `_sabotage-${stamp}`, `alone-b-${stamp}`].map((id) =>
      writer.insert({ _id: id, n: 1 }),
    );
    await first;
    const outcomes = await Promise.allSettled(batch);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await gw.store.db('oplog').get(`alone-b-${stamp}`)).n).toBe(1);
  });

  it('cannot be pushed: an id starting with _ is refused as invalid, and nothing is stored', async () => {
    const user = await gw.createUser();
    const admin = await gw.createUser('admin', '管理员');
    const rows: [string, object][] = [
      ['demands', { ...buildNewDemand(user.user.id), id: '_design' }],
      ['demands', { ...buildNewDemand(user.user.id), id: '_local:x' }],
      ['properties', { ...buildNewListing(user.user.id), id: '_sabotage' }],
    ];
    for (const [collection, doc] of rows) {
      const res = await api.pushDoc(gw.app, user, collection, doc);
      const body = res.body as PushResponse;
      expect(body.accepted).toEqual([]);
      expect(body.rejections).toMatchObject([{ code: 'validation_failed' }]);
      const stored = await api.pullAll(gw.app, admin, collection);
      expect(stored.byId.has((doc as { id: string }).id)).toBe(false);
    }
  });
});
