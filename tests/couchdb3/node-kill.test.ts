/**
 * A node of a three-node CouchDB cluster dies while listings are being pushed through the gateway,
 * and comes back: nothing the gateway acknowledged is lost, pulls go on while it is down, and the
 * gateway's readiness says how many nodes it sees. The node that dies is not the one holding the
 * limits database, which is a single copy (SINGLE_COPY_DATABASES): while that node is down, writes
 * that check a limit are refused with 500 and the device sends them again later.
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
/** A node other than the first (the gateway's) that holds no copy of the limits database. */
let victim: number;

beforeAll(async () => {
  couch = await startCouchDb3(3);
  gw = await startTestGateway({ couchUrl: couch.url });
  const res = await fetch(`${couch.origin}/${gw.store.dbName('limits')}/_shards`, {
    headers: { authorization: basicAuth(couch.url) },
  });
  const { shards } = (await res.json()) as { shards: Record<string, string[]> };
  const holders = Object.values(shards).flat();
  victim = [2, 3].find(
    (i) => !holders.includes(`couchdb${new URL(couch.nodeUrl(i)).port}@127.0.0.1`),
  )!;
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
  const publish = (count: number) =>
    Promise.all(
      owners.map(async (owner) => {
        for (let i = 0; i < count; i++) {
          const listing = buildNewListing(owner.user.id, { title: `节点故障中的房源${sent}` });
          sent++;
          const res = await api.pushDoc(gw.app, owner, 'properties', listing);
          const body = res.body as PushResponse;
          if (res.status === 200 && body.rejections.length === 0 && body.conflicts.length === 0)
            acknowledged.push({ owner, id: listing.id });
          else failed.push(res.status);
        }
      }),
    );

  // Four owners publish at once; a node dies while their pushes are in flight, and they go on
  // publishing with it down.
  await Promise.all([publish(3), couch.kill(victim)]);
  await publish(5);
  // With that node down, the gateway still answers pulls and says what it sees.
  await gw.feedCaughtUp();
  for (const owner of owners) {
    const own = await api.serverDocs(gw.app, owner, 'properties');
    for (const { id } of acknowledged.filter((a) => a.owner === owner))
      expect(own.has(id), `acknowledged listing ${id}`).toBe(true);
  }
  expect(await ready()).toMatchObject({ ready: true, nodes: { up: 2, of: 3 } });

  await couch.restart(victim);
  await expect
    .poll(async () => (await ready()).nodes, { timeout: 30_000 })
    .toEqual({ up: 3, of: 3 });
  // Every acknowledged listing is in the cluster, read through the node that was down.
  const throughVictim = await fetch(
    `${new URL(couch.nodeUrl(victim)).origin}/${gw.store.dbName('properties')}/_all_docs`,
    {
      method: 'POST',
      headers: {
        authorization: basicAuth(couch.url),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ keys: acknowledged.map((a) => a.id) }),
    },
  );
  const { rows } = (await throughVictim.json()) as { rows: { key: string; error?: string }[] };
  expect(rows.filter((r) => r.error)).toEqual([]);
  expect(acknowledged.length + failed.length).toBe(sent);
  // No write is refused because one node of three is down: a majority of copies takes it.
  expect(failed).toEqual([]);
  process.stdout.write(
    `node-kill: ${sent} listings pushed, ${acknowledged.length} acknowledged, ${failed.length} failed; all acknowledged found after the restart\n`,
  );
});

function basicAuth(url: string): string {
  const { username, password } = new URL(url);
  const pair = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}
