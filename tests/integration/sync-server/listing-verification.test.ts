/**
 * The listing verification code (房源核验码, issue 19) against the real gateway and store: the owner
 * sets the code, only an admin checks it (the gateway stamps who and when), a changed code goes back
 * to unchecked, and a device can neither claim a check nor write the stamps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_MESSAGES } from '../../../couchdb/model/verification-facts';
import { ACCESS_MESSAGES } from '../../../couchdb/rules/access';
import { buildNewListing } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let admin: Account;
let owner: Account;

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员');
  owner = await gw.createUser('agent', '房东');
});
afterAll(async () => {
  await gw?.cleanup();
});

async function listingWithCode(code = 'ab 1234 5678'): Promise<string> {
  const listing = buildNewListing(owner.user.id, { verification_code: code });
  await api.insert(gw.app, owner, 'properties', listing);
  await api.updateAccepted(gw.app, admin, 'properties', listing.id, { audit_status: 'approved' });
  return listing.id;
}

describe('the verification code', () => {
  it('is stored normalised and starts unchecked', async () => {
    const id = await listingWithCode();
    const doc = await api.master(gw.app, owner, 'properties', id);
    expect(doc).toMatchObject({
      verification_code: 'AB12345678',
      verification_status: 'unchecked',
      verified_by: null,
      verified_at: null,
    });
  });

  it('refuses a code of the wrong form', async () => {
    const listing = buildNewListing(owner.user.id, { verification_code: '12-34' });
    const res = await api.pushDoc(gw.app, owner, 'properties', listing);
    expect(res.body.rejections[0]).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining(VERIFICATION_MESSAGES.codeFormat),
    });
  });

  it('a user cannot claim a check, on create or on push, nor write its stamps', async () => {
    const claimed = buildNewListing(owner.user.id, {
      verification_code: '110123456789',
      verification_status: 'verified',
    });
    const created = await api.pushDoc(gw.app, owner, 'properties', claimed);
    expect(created.body.rejections[0].message).toBe(ACCESS_MESSAGES.adminOnlyFields);

    const id = await listingWithCode('110123456789');
    const res = await api.update(gw.app, owner, 'properties', id, {
      verification_status: 'verified',
    });
    expect(res.body.rejections[0].message).toBe(ACCESS_MESSAGES.adminOnlyFields);
    const other = await gw.createUser();
    const stranger = await api.update(gw.app, other, 'properties', id, {
      verification_status: 'verified',
    });
    expect(stranger.body.rejections[0].code).toBe('forbidden');

    // The stamps are the gateway's: whatever a device sends there is replaced.
    await api.updateAccepted(gw.app, owner, 'properties', id, {
      verified_by: owner.user.id,
      verified_at: '2025-01-01T00:00:00.000Z',
      price: 1_500_000,
    });
    const doc = await api.master(gw.app, owner, 'properties', id);
    expect(doc).toMatchObject({
      verification_status: 'unchecked',
      verified_by: null,
      verified_at: null,
    });
  });

  it('an admin checks it: stamped and logged; a new code goes back to unchecked', async () => {
    const id = await listingWithCode('110123456789');
    await api.updateAccepted(gw.app, admin, 'properties', id, { verification_status: 'verified' });
    await gw.feedCaughtUp(); // a visitor reads the feed as it is
    const verified = await api.master(gw.app, null, 'properties', id);
    expect(verified).toMatchObject({ verification_status: 'verified', verified_by: admin.user.id });
    expect(typeof verified.verified_at).toBe('string');
    const lines = [...(await api.serverDocs(gw.app, admin, 'oplog')).values()]
      .filter((e) => e.property_id === id)
      .map((e) => String(e.operation_description));
    expect(lines.some((l) => l.includes('核验码已核验'))).toBe(true);

    await api.updateAccepted(gw.app, owner, 'properties', id, {
      verification_code: '110987654321',
    });
    await gw.feedCaughtUp();
    expect(await api.master(gw.app, null, 'properties', id)).toMatchObject({
      verification_code: '110987654321',
      verification_status: 'unchecked',
      verified_by: null,
    });

    await api.updateAccepted(gw.app, admin, 'properties', id, { verification_status: 'invalid' });
    expect((await api.master(gw.app, owner, 'properties', id)).verification_status).toBe('invalid');
    // Removing the code removes its status.
    const { verification_code: _c, ...rest } = await api.master(gw.app, owner, 'properties', id);
    await api.pushAccepted(gw.app, owner, 'properties', [
      {
        assumedMasterState: await api.master(gw.app, owner, 'properties', id),
        newDocumentState: rest,
      },
    ]);
    expect(await api.master(gw.app, owner, 'properties', id)).not.toHaveProperty(
      'verification_status',
    );
  });
});
