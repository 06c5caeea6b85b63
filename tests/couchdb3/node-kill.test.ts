/**
 * A node of a three-node CouchDB cluster dies while listings are being pushed through the gateway,
 * and comes back: nothing the gateway acknowledged is lost, pulls go on while it is down, and the
 * gateway's readiness says how many nodes it sees.
 */
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushResponse } from '../../couchdb/model/sync';
import { buildNewListing } from '../fixtures/builders';
import * as api from '../helpers/sync-api';
import { startCouchDb3, type CouchDb3 } from '../helpers/couchdb3';
import { startTestGateway, type TestGateway } from '../helpers/test-gateway';

let couch: CouchDb3;
let gw: TestGateway;

beforeAll(async () => {
  couch = await startCouchDb3(3);
  gw = await startTestGateway({ couchUrl: couch.url });
});
afterAll(async () => {
  await gw?.cleanup();
  await couch?.stop();
});

const ready = async () => (await request(gw.app).get('/api/health/ready')).body;

it('keeps every acknowledged write when a node dies mid-burst, and serves pulls without it', async () => {
  await expect
    .poll(ready, { timeout: 30_000 })
    .toMatchObject({ ready: true, nodes: { up: 3, of: 3 } });
  const owners = await Promise.all([1, 2, 3, 4].map(() => gw.createUser('user')));
  const acknowledged: { owner: (typeof owners)[number]; id: string }[] = [];
  const failed: number[] = [];
  let sent = 0;
  let killed: Promise<void> | undefined;

  // Four owners each publish eight listings, one after another; node 3 dies after the fifth answer.
  await Promise.all(
    owners.map(async (owner) => {
      for (let i = 0; i < 8; i++) {
        const listing = buildNewListing(owner.user.id, { title: `节点故障中的房源${i}` });
        sent++;
        const res = await api.pushDoc(gw.app, owner, 'properties', listing);
        const body = res.body as PushResponse;
        if (res.status === 200 && body.rejections.length === 0 && body.conflicts.length === 0)
          acknowledged.push({ owner, id: listing.id });
        else failed.push(res.status);
        if (acknowledged.length + failed.length === 5) killed = couch.kill(3);
      }
    }),
  );
  await killed;

  // With node 3 down, the gateway still answers pulls and says what it sees.
  await gw.feedCaughtUp();
  for (const owner of owners) {
    const own = await api.serverDocs(gw.app, owner, 'properties');
    for (const { id } of acknowledged.filter((a) => a.owner === owner))
      expect(own.has(id), `acknowledged listing ${id}`).toBe(true);
  }
  expect(await ready()).toMatchObject({ ready: true, nodes: { up: 2, of: 3 } });

  await couch.restart(3);
  await expect
    .poll(async () => (await ready()).nodes, { timeout: 30_000 })
    .toEqual({ up: 3, of: 3 });
  // Every acknowledged listing is in the cluster, read through the node that was down.
  const throughNode3 = await fetch(
    `${new URL(couch.nodeUrl(3)).origin}/${gw.store.dbName('properties')}/_all_docs`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(
          `${decodeURIComponent(new URL(couch.url).username)}:${decodeURIComponent(new URL(couch.url).password)}`,
        ).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ keys: acknowledged.map((a) => a.id) }),
    },
  );
  const { rows } = (await throughNode3.json()) as { rows: { key: string; error?: string }[] };
  expect(rows.filter((r) => r.error)).toEqual([]);
  expect(acknowledged.length + failed.length).toBe(sent);
  // No write is refused because one node of three is down: a majority of copies takes it.
  expect(failed).toEqual([]);
  process.stdout.write(
    `node-kill: ${sent} listings pushed, ${acknowledged.length} acknowledged, ${failed.length} failed; all acknowledged found after the restart\n`,
  );
});
