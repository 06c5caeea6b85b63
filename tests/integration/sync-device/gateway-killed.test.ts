/**
 * Issue 3, faults: a gateway killed mid-push. A device pushes 30 new listings in one batch; the
 * gateway dies after storing five of them (its listener and its store connections cut at once, so
 * it writes nothing more); a new gateway over the same databases comes up on the same port. The
 * device retries the same URL and ends converged: every listing on the server exactly once, with
 * exactly one `create` log entry, and nothing kept aside as refused.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually, signedInAs, TestDevice } from './device';
import { buildNewListing } from '../../fixtures/builders';
import { serverDocs } from '../../helpers/sync-api';
import { holdsServerVersions, oplogCounts } from './support';

const LISTINGS = 30;
/** The gateway dies when it starts storing this listing (the ones before it are stored and logged). */
const DIES_AT_WRITE = 6;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe('a gateway killed mid-push', () => {
  it('the device resumes against its replacement: every listing stored and logged exactly once', async () => {
    const prefix = `t${randomBytes(5).toString('hex')}_`;
    // What dies together: the first gateway, its listener and its connection to the store.
    const victim: {
      gateway?: TestGateway;
      listener?: { close(): Promise<void> };
      storeLink?: FaultProxy;
    } = {};
    let writes = 0;
    let killed = false;

    // The first gateway reaches the store through a proxy that "kills" it at its 6th listing write.
    const storeLink = await startFaultProxy({
      target: inject('couchUrl'),
      decide: (req) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        // A listing write: a single document, or a batch (the gateway's writes go as _bulk_docs).
        const listingWrite = [`/${prefix}properties`, `/${prefix}properties/_bulk_docs`];
        if (req.method !== 'POST' || !listingWrite.includes(path)) return 'pass';
        writes++;
        if (writes !== DIES_AT_WRITE) return 'pass';
        killed = true;
        void victim.listener?.close(); // cuts the device's connection at once
        victim.gateway?.close();
        victim.storeLink?.kill();
        return 'drop';
      },
    });
    victim.storeLink = storeLink;
    cleanups.push(() => storeLink.close());
    const first = await startTestGateway({ couchUrl: storeLink.url, prefix });
    victim.gateway = first;
    cleanups.push(() => first.cleanup());
    const firstListener = await first.listen();
    victim.listener = firstListener;
    const { url } = firstListener;
    const port = Number(new URL(url).port);
    const alice = await first.createUser('user', '爱丽丝');
    const admin = await first.createUser('admin', '管理员');

    const device = await new TestDevice({
      url,
      ...signedInAs(alice),
      collections: ['properties', 'refused'],
    }).open();
    cleanups.push(() => device.close());
    const listings = Array.from({ length: LISTINGS }, (_, i) =>
      buildNewListing(alice.user.id, { title: `抚仙湖畔第${i + 1}套房源出售` }),
    );
    await device.db.properties.bulkInsert(listings as never[]);
    device.startSync();

    await eventually(() => killed, 'the gateway to die in the middle of the push');
    expect(writes).toBe(DIES_AT_WRITE);

    // Its replacement: same databases, same signing secret, same port.
    const second = await startTestGateway({ prefix, jwtSecret: first.config.jwtSecret });
    cleanups.push(() => second.cleanup());
    const secondListener = await second.listen(port);
    expect(secondListener.url).toBe(url);

    const ids = new Set(listings.map((l) => l.id));
    const server = await eventually(
      async () => {
        const docs = await serverDocs(url, admin, 'properties');
        const mine = new Map([...docs].filter(([id]) => ids.has(id)));
        return mine.size === LISTINGS ? mine : null;
      },
      'all listings on the server',
      20_000,
    );
    await device.sync!.awaitInSync();
    await eventually(
      () => holdsServerVersions(device, 'properties', server),
      'the device to hold the server versions',
    );
    for (const doc of server.values()) {
      expect(doc.user_id).toBe(alice.user.id);
      expect(doc.audit_status).toBe('pending');
    }

    const creates = await oplogCounts(url, admin, 'create');
    expect([...ids].map((id) => creates.get(id) ?? 0)).toEqual(listings.map(() => 1));
    expect(await device.db.refused.count().exec()).toBe(0);
    await eventually(() => device.status.get().pending === 0, 'nothing left unsent');
  }, 90_000); // two gateways start, and the device retries its push against the second
});
