/**
 * A device that sends again, unchanged, a listing version it had pulled, with no version assumed
 * (RxDB does so after a reload when it lost what it assumed the server held), while the server's
 * version moved on: the device takes the server's version and keeps no refused change, because
 * its user changed nothing. A real edit sent the same way still counts as an edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRevision, now, type RxStorageInstance } from 'rxdb';
import type { PushRow, SyncDocument } from '../../../couchdb/model/sync';
import type { TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, signedInAs, TestDevice } from './device';
import { buildNewListing } from '../../fixtures/builders';
import { serverDocs, updateAccepted } from '../../helpers/sync-api';
import { startUserAndAdmin } from './support';

let gw: TestGateway;
let url: string;
let alice: Account;
let admin: Account;
let device: TestDevice;

beforeAll(async () => {
  ({ gw, url, alice, admin } = await startUserAndAdmin());
});

afterAll(async () => {
  await device?.close().catch(() => undefined);
  await gw.cleanup();
});

interface MetaDoc {
  id: string;
  itemId: string;
  _rev: string;
  _deleted: boolean;
  _meta: { lwt: number };
}

/** Forgets what the device's replication assumes the server holds of `id` (its meta entry). */
async function forgetAssumedVersion(id: string): Promise<void> {
  const replication = device.sync!.replications.find((r) => r.name === 'properties')!;
  const meta = (
    replication.state as unknown as { metaInstance: RxStorageInstance<MetaDoc, unknown, unknown> }
  ).metaInstance;
  const [entry] = await meta.findDocumentsById([`${id}|0`], false);
  expect(entry, 'the replication assumed a server version').toBeTruthy();
  const gone = { ...entry!, _deleted: true, _meta: { lwt: now() } };
  gone._rev = createRevision(device.db.token, entry!);
  const result = await meta.bulkWrite([{ previous: entry!, document: gone }], 'test');
  expect(result.error).toEqual([]);
  // RxDB reads deleted meta entries too: purge it, as if it had never been written.
  await meta.cleanup(0);
  expect(await meta.findDocumentsById([`${id}|0`], true)).toEqual([]);
}

/** Opens alice's device with one listing of hers synced, then cuts its connection. */
async function deviceHoldingListing(title: string): Promise<{ id: string; pushes: PushRow[][] }> {
  const pushes: PushRow[][] = [];
  device = await new TestDevice({
    tag: `resent-${title.length}-${Date.now()}`,
    url,
    ...signedInAs(alice),
    collections: ['properties', 'refused'],
    fetch: async (input, init) => {
      if (String(input).includes('/api/sync/properties/push') && typeof init?.body === 'string') {
        pushes.push(JSON.parse(init.body) as PushRow[]);
      }
      return fetch(input, init);
    },
  }).open();
  device.startSync();
  const listing = buildNewListing(alice.user.id, { title });
  await device.db.properties.insert(listing as never);
  await eventually(
    async () => (await device.db.properties.findOne(listing.id).exec())?.server_rev,
    'server_rev on the device',
  );
  await device.sync!.awaitInSync();
  await device.sync!.goOffline();
  return { id: listing.id, pushes };
}

const onServer = async (id: string) => (await serverDocs(url, admin, 'properties')).get(id);

describe('a re-sent copy of a pulled version', () => {
  it('takes the server’s newer version and keeps no refused change', async () => {
    const { id, pushes } = await deviceHoldingListing('爱丽丝的江景房');
    // The owner edits the listing on another device: the server's version moves on.
    await updateAccepted(url, alice, 'properties', id, {
      title: '爱丽丝的江景房（另一台设备改的）',
    });
    // This device's replication no longer knows which server version its copy came from, and the
    // copy is written again unchanged (twice, ending where it began).
    await forgetAssumedVersion(id);
    const doc = (await device.db.properties.findOne(id).exec())!;
    await doc.incrementalPatch({ description: '临时' });
    await (await device.db.properties.findOne(id).exec())!.incrementalPatch({
      description: (doc.toJSON() as { description?: string }).description,
    });
    pushes.length = 0;
    await device.sync!.goOnline();

    await eventually(
      async () =>
        (await device.db.properties.findOne(id).exec())?.title ===
        '爱丽丝的江景房（另一台设备改的）',
      'the server’s version on the device',
      15_000,
    );
    await device.sync!.awaitInSync();
    // It was sent the way RxDB re-sends after a reload: no assumed version, the old server_rev.
    const sent = pushes.flat().find((r) => r.newDocumentState.id === id);
    expect(sent?.assumedMasterState).toBeNull();
    expect(sent?.newDocumentState.title).toBe('爱丽丝的江景房');
    expect(await device.db.refused.count().exec()).toBe(0);
    expect((await onServer(id))?.title).toBe('爱丽丝的江景房（另一台设备改的）');
    await device.close();
  });

  it('still keeps a real edit sent without a version that clashes with the server', async () => {
    const { id } = await deviceHoldingListing('鲍勃看中的湖景房');
    await updateAccepted(url, alice, 'properties', id, { title: '湖景房（另一台设备改的）' });
    await (await device.db.properties.findOne(id).exec())!.incrementalPatch({
      title: '湖景房（这台设备改的）',
    });
    await forgetAssumedVersion(id);
    await device.sync!.goOnline();

    await eventually(
      async () => (await device.db.refused.count().exec()) === 1,
      'the losing edit kept as refused',
      15_000,
    );
    const [kept] = await device.db.refused.find().exec();
    expect((kept!.toJSON().doc as SyncDocument).title).toBe('湖景房（这台设备改的）');
    expect((await onServer(id))?.title).toBe('湖景房（另一台设备改的）');
    await device.close();
  });
});
