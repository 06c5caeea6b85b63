/**
 * A listing the device only pulled is never sent back as its own change. A page closed between
 * RxDB's two writes of a pulled document (the document, then the server's version beside it)
 * leaves the document without that version; the next page's replication must still take it as
 * pulled, not push it as a create. And an admin's decision made offline on such a listing reaches
 * the server, even when the gateway's answer to a push came back after the device had paused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRevision, now, type RxStorageInstance } from 'rxdb';
import type { Property } from '../../../couchdb/model/property';
import type { PushRow } from '../../../couchdb/model/sync';
import { auditProperty } from '../../../couchdb/rules/property-status';
import { buildNewListing } from '../../fixtures/builders';
import type { Account } from '../../helpers/accounts';
import { insert, serverDocs } from '../../helpers/sync-api';
import type { TestGateway } from '../../helpers/test-gateway';
import { countUnsent } from '../../../client/data/sync/unsent';
import { eventually, restoreNavigator, setOnline, signedInAs, TestDevice } from './device';
import { startUserAndAdmin } from './support';

let gw: TestGateway;
let url: string;
let alice: Account;
let admin: Account;
let device: TestDevice | undefined;

beforeAll(async () => {
  ({ gw, url, alice, admin } = await startUserAndAdmin());
});

afterAll(async () => {
  restoreNavigator();
  await device?.close().catch(() => undefined);
  await gw.cleanup();
});

interface MetaRow {
  id: string;
  _rev: string;
  _deleted: boolean;
  _meta: { lwt: number };
}

/**
 * Leaves the device as a page closed right after RxDB wrote the pulled listing `id`: no server
 * version beside it (its meta row), and the push's checkpoint not past it.
 */
async function asIfClosedAfterThePull(open: TestDevice, id: string): Promise<void> {
  const replication = open.sync!.replications.find((r) => r.name === 'properties')!;
  const meta = (
    replication.state as unknown as { metaInstance: RxStorageInstance<MetaRow, unknown, unknown> }
  ).metaInstance;
  const rows = await meta.findDocumentsById([`${id}|0`, 'up|1'], false);
  expect(rows).toHaveLength(2);
  const gone = rows.map((row) => ({
    previous: row,
    document: {
      ...row,
      _deleted: true,
      _meta: { lwt: now() },
      _rev: createRevision(open.db.token, row),
    },
  }));
  expect((await meta.bulkWrite(gone, 'test')).error).toEqual([]);
  // RxDB reads deleted meta rows too: purge them, as if they had never been written.
  await meta.cleanup(0);
}

/** Approves `id` on the device as the review screen does. */
async function approve(open: TestDevice, id: string): Promise<void> {
  const doc = (await open.db.properties.findOne(id).exec())!;
  const result = auditProperty(doc.toJSON() as unknown as Property, 'approved', {
    id: admin.user.id,
    role: 'admin',
  });
  if (!result.ok) throw new Error(result.message);
  const { audit_status, audit_comment, audited_by, audited_at, updated_at } = result.property;
  await doc.incrementalPatch({ audit_status, audit_comment, audited_by, audited_at, updated_at });
}

describe('a listing the device only pulled', () => {
  it('counts as nothing unsent, also without the server version beside it', async () => {
    const id = await insert(
      url,
      alice,
      'properties',
      buildNewListing(alice.user.id, { title: '只拉取过的房源不算未发送' }),
    );
    const open = await new TestDevice({
      tag: 'pulled-not-counted',
      url,
      ...signedInAs(admin),
      collections: ['properties', 'refused'],
    }).open();
    try {
      const first = open.startSync();
      await eventually(
        async () => (await open.db.properties.findOne(id).exec())?.server_rev,
        'the pending listing on the admin’s device',
      );
      await first.awaitInSync();
      await asIfClosedAfterThePull(open, id);
      // Opened again without a connection: nothing is pushed, so the count is all there is.
      setOnline(false);
      await open.reopen();
      const sync = open.startSync();
      const counts = await countUnsent({ database: open.db, sync, outbox: null });
      expect(counts.changes).toBe(0);
      // A change made on it is counted.
      await approve(open, id);
      expect((await countUnsent({ database: open.db, sync, outbox: null })).changes).toBe(1);
    } finally {
      restoreNavigator();
      await open.close();
    }
  });

  it('is not sent back after a reload, and an offline approval of it reaches the server', async () => {
    const id = await insert(
      url,
      alice,
      'properties',
      buildNewListing(alice.user.id, { title: '重新打开后的待审核房源' }),
    );
    const pushes: PushRow[][] = [];
    // While set, the gateway's answers to pushes wait until it is called.
    let holdAnswers: Promise<void> | null = null;
    let answerHeld: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answerHeld = resolve));
    device = await new TestDevice({
      tag: 'pulled-not-sent',
      url,
      ...signedInAs(admin),
      collections: ['properties', 'refused'],
      fetch: async (input, init) => {
        const isPush = String(input).includes('/api/sync/properties/push');
        if (isPush && typeof init?.body === 'string') {
          pushes.push(JSON.parse(init.body) as PushRow[]);
        }
        const response = await fetch(input, init);
        if (isPush && holdAnswers) {
          answerHeld();
          await holdAnswers;
        }
        return response;
      },
    }).open();
    device.startSync();
    await eventually(
      async () => (await device!.db.properties.findOne(id).exec())?.server_rev,
      'the pending listing on the admin’s device',
    );
    await device.sync!.awaitInSync();
    await asIfClosedAfterThePull(device, id);
    await device.reopen();

    // The next page: a push answered only once the device has gone offline (a slow gateway).
    let releaseAnswers: () => void = () => undefined;
    holdAnswers = new Promise<void>((resolve) => (releaseAnswers = resolve));
    const sync = device.startSync();
    await Promise.race([sync.awaitInSync(), held]);
    await sync.goOffline();
    releaseAnswers();
    holdAnswers = null;
    await approve(device, id);
    await sync.goOnline();

    await eventually(
      async () => (await serverDocs(url, admin, 'properties')).get(id)?.audit_status === 'approved',
      'the approval on the server',
      20_000,
    );
    expect((await serverDocs(url, admin, 'properties')).get(id)?.audited_by).toBe(admin.user.id);
    const sentAsPulled = pushes
      .flat()
      .filter((row) => row.newDocumentState.id === id)
      .filter((row) => row.newDocumentState.audit_status === 'pending');
    expect(sentAsPulled, 'the pulled version sent back').toEqual([]);
    expect(await device.db.refused.count().exec()).toBe(0);
  });
});
