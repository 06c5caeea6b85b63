/**
 * A device's checkpoint crosses gateways (issue 63): behind a load balancer, or after a restart, a
 * device pulls from a gateway that did not give it its checkpoint. The gateway finds the position
 * in its own change log by the set of versions the checkpoint names, and answers from memory: the
 * changes after it, each once, and a checkpoint of its own. A sharded CouchDB gives every read of
 * its feed different sequence strings; here the sequence is one the gateway never read.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, SyncCheckpoint } from '../../../couchdb/model/sync';
import { toStoreDoc } from '../../../sync-server/store/documents';
import { buildProperty } from '../../fixtures/builders';
import { CheckpointSeal } from '../../../sync-server/services/sync/checkpoint-seal';
import { pullChanges } from '../../../sync-server/services/sync/pull';
import { bearer, checkpointQuery } from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let a: TestGateway;
let b: TestGateway;
let user: Account;
/** The visitor's checkpoint at A's head after the first three listings. */
let fromA: SyncCheckpoint;
const later: string[] = [];

const pull = async (
  gw: TestGateway,
  who: Account | null,
  checkpoint: SyncCheckpoint | null,
  limit = 100,
) => {
  const res = await request(gw.app)
    .get('/api/sync/properties/pull')
    .query({ limit, ...checkpointQuery(checkpoint) })
    .set(who ? bearer(who) : {});
  expect(res.status).toBe(200);
  return res.body as PullResponse;
};

/** `n` new public listings, once each gateway's change log holds them. */
const addListings = async (n: number, gateways: TestGateway[]) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const listing = buildProperty();
    await gateways[0]!.store.db('properties').insert(toStoreDoc(listing) as never);
    ids.push(listing.id);
  }
  for (const gw of gateways) await gw.feedCaughtUp();
  return ids;
};

beforeAll(async () => {
  a = await startTestGateway();
  b = await startTestGateway({ prefix: a.config.dbPrefix, jwtSecret: a.config.jwtSecret });
  user = await a.createUser('user', '买家');
  await addListings(3, [a, b]);
  const first = await pull(a, null, { seq: '0' });
  expect(first.documents).toHaveLength(3);
  fromA = first.checkpoint!;
  expect(fromA.state).toMatch(/^[A-Za-z0-9_-]{22}$/);
  later.push(...(await addListings(2, [a, b])));
});
afterAll(async () => {
  await b?.cleanup();
  await a?.cleanup();
});

describe('a checkpoint another gateway gave', () => {
  it('is answered from memory with the changes after it, each once, by a sequence never read here', async () => {
    const sources = { ...b.sync.pullSources };
    // The sequence as a sharded store's would be to B: one it never read; the versions are A's.
    const crossing = { seq: `${fromA.seq}-read-elsewhere`, state: fromA.state };
    for (const who of [null, user]) {
      const page = await pull(b, who, crossing);
      expect(page.documents.map((d) => d.id).sort()).toEqual([...later].sort());
      // The answer's checkpoint is B's own: the next pull finds it by its sequence.
      const next = await pull(b, who, { seq: page.checkpoint!.seq });
      expect(next.documents).toEqual([]);
    }
    expect(b.sync.pullSources.store).toBe(sources.store);
    expect(b.sync.pullSources.memory).toBe(sources.memory + 4);
  });

  it('is found again by a gateway restarted over the same store', async () => {
    const head = (await pull(a, null, fromA)).checkpoint!;
    a.close();
    const restarted = await startTestGateway({
      prefix: a.config.dbPrefix,
      jwtSecret: a.config.jwtSecret,
    });
    try {
      const fresh = await addListings(1, [restarted]);
      const sources = { ...restarted.sync.pullSources };
      const page = await pull(restarted, null, { ...head, seq: `${head.seq}-before-restart` });
      expect(page.documents.map((d) => d.id)).toEqual(fresh);
      expect(restarted.sync.pullSources.store).toBe(sources.store);
    } finally {
      restarted.close();
      await restarted.store.close();
    }
  });
});

describe("a first sync's checkpoint", () => {
  let c: TestGateway;
  let d: TestGateway;
  let buyer: Account;
  beforeAll(async () => {
    c = await startTestGateway();
    d = await startTestGateway({ prefix: c.config.dbPrefix, jwtSecret: c.config.jwtSecret });
    buyer = await c.createUser('user', '买家');
    await addListings(7, [c, d]);
  });
  afterAll(async () => {
    await d?.cleanup();
    await c?.cleanup();
  });

  /**
   * The ids a caller's first sync brings in pages of 2, page `n` from gateway `route(n)`, each
   * checkpoint under a sequence the next gateway never read (as a sharded store's reads are).
   */
  const walk = async (who: Account | null, route: (page: number) => TestGateway) => {
    const ids: string[] = [];
    let checkpoint: SyncCheckpoint | null = null;
    for (let page = 0; page < 50; page++) {
      const answer = await pull(route(page), who, checkpoint, 2);
      if (answer.documents.length === 0) return ids;
      ids.push(...answer.documents.map((doc) => doc.id));
      checkpoint = { ...answer.checkpoint!, seq: `${answer.checkpoint!.seq}-read-elsewhere` };
    }
    throw new Error('the walk did not end');
  };
  const everything = async (who: Account | null) =>
    (await pull(c, who, null, 500)).documents.map((doc) => doc.id).sort();

  it('is answered from memory by the other gateway in the middle of the walk, each listing once', async () => {
    for (const who of [null, buyer]) {
      const reads = c.sync.pullSources.store + d.sync.pullSources.store;
      const ids = await walk(who, (page) => (page % 2 === 0 ? c : d));
      expect(ids.length).toBeGreaterThan(4);
      expect(ids).toHaveLength(new Set(ids).size);
      expect(ids.sort()).toEqual(await everything(who));
      expect(c.sync.pullSources.store + d.sync.pullSources.store).toBe(reads);
    }
  });

  it('is walked on from the store where no log holds its versions, each listing once', async () => {
    const head = await pull(c, null, null, 2);
    const sources = { memory: 0, store: 0 };
    const seal = new CheckpointSeal(c.config.jwtSecret);
    const rest: string[] = [];
    let checkpoint: SyncCheckpoint | null = head.checkpoint;
    for (let page = 0; page < 50; page++) {
      // No change log: what a gateway does with a checkpoint its log does not know.
      const answer = await pullChanges(d.store, undefined, seal, sources, {
        collection: 'properties',
        viewer: null,
        checkpoint,
        limit: 2,
      });
      if (answer.documents.length === 0) break;
      rest.push(...answer.documents.map((doc) => doc.id));
      checkpoint = answer.checkpoint;
    }
    expect(sources.store).toBeGreaterThan(1);
    const ids = [...head.documents.map((doc) => doc.id), ...rest];
    expect(ids).toHaveLength(new Set(ids).size);
    expect(ids.sort()).toEqual(await everything(null));
  });
});
