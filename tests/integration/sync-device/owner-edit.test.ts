/**
 * An owner's edit of their listing reaches the server even when the server's version moved on in
 * the meantime through fields the owner does not write (views counted by the counter endpoint).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('owner edits', () => {
  it('land on the server after the view count changed there', async () => {
    device = await new TestDevice({
      tag: 'owner',
      url,
      ...signedInAs(alice),
      collections: ['properties', 'refused'],
    }).open();
    device.startSync();
    const listing = buildNewListing(alice.user.id, { title: '爱丽丝的湖景房出售' });
    await device.db.properties.insert(listing as never);
    await eventually(
      async () => (await serverDocs(url, admin, 'properties')).get(listing.id),
      'the listing on the server',
    );
    // Approved (views count only on a public listing), the device holds the server's version,
    // then views move the server's on (several times).
    await updateAccepted(url, admin, 'properties', listing.id, { audit_status: 'approved' });
    await eventually(
      async () =>
        (await device.db.properties.findOne(listing.id).exec())?.audit_status === 'approved',
      'the approved listing on the device',
    );
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${url}/api/properties/${listing.id}/view`, {
        method: 'POST',
        headers: { 'x-device-id': `dev-view-${i}` },
      });
      expect(((await res.json()) as { counted: boolean }).counted).toBe(true);
    }
    await (await device.db.properties.findOne(listing.id).exec())!.incrementalPatch({
      title: '爱丽丝的湖景房（已降价）',
    });
    await eventually(
      async () =>
        (await serverDocs(url, admin, 'properties')).get(listing.id)?.title ===
        '爱丽丝的湖景房（已降价）',
      'the edit on the server',
      15_000,
    );
    expect(await device.db.refused.count().exec()).toBe(0);
  });
});
