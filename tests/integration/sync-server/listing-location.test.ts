/**
 * Where the home is (issue 64) against the real gateway and store over HTTP: the owner and admins
 * pull the exact point, a visitor and any other user only the point on the public grid (unless the
 * owner shows it exactly), a point outside the county is refused with its message, and nobody but
 * the owner and admins sets it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES } from '../../../couchdb/model/location-facts';
import { ACCESS_MESSAGES } from '../../../couchdb/rules/access';
import { buildNewListing } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let admin: Account;
let owner: Account;
let other: Account;

const exact = { latitude: 24.671234, longitude: 102.912345, accuracy_m: 12, public_exact: false };
const rounded = { latitude: 24.671, longitude: 102.912, accuracy_m: 100, public_exact: false };

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员');
  owner = await gw.createUser('agent', '经纪人');
  other = await gw.createUser('user', '路人');
});
afterAll(async () => {
  await gw?.cleanup();
});

/** A public listing of the owner's with `location`. */
async function publicListing(location: object = exact): Promise<string> {
  const listing = buildNewListing(owner.user.id, { location } as never);
  await api.insert(gw.app, owner, 'properties', listing);
  await api.updateAccepted(gw.app, admin, 'properties', listing.id, { audit_status: 'approved' });
  await gw.feedCaughtUp(); // a visitor reads the feed as it is
  return listing.id;
}

const locationOf = async (who: Account | null, id: string) =>
  (await api.master(gw.app, who, 'properties', id)).location;

describe('a listing’s location', () => {
  it('reaches the owner and admins exact, a visitor and another user on the 100 m grid', async () => {
    const id = await publicListing();
    expect(await locationOf(owner, id)).toEqual(exact);
    expect(await locationOf(admin, id)).toEqual(exact);
    expect(await locationOf(null, id)).toEqual(rounded);
    expect(await locationOf(other, id)).toEqual(rounded);
  });

  it('reaches everyone exact once the owner chooses to show it, and rounded again when not', async () => {
    const id = await publicListing();
    await api.updateAccepted(gw.app, owner, 'properties', id, {
      location: { ...exact, public_exact: true },
    });
    await gw.feedCaughtUp();
    expect(await locationOf(null, id)).toEqual({ ...exact, public_exact: true });
    expect(await locationOf(other, id)).toEqual({ ...exact, public_exact: true });
    await api.updateAccepted(gw.app, owner, 'properties', id, { location: exact });
    await gw.feedCaughtUp();
    expect(await locationOf(null, id)).toEqual(rounded);
  });

  it('is not sent exact in the answer to another user’s refused write either', async () => {
    const id = await publicListing();
    const seen = await api.master(gw.app, other, 'properties', id);
    const res = await api.pushDoc(gw.app, other, 'properties', { ...seen, price: 1 }, seen);
    const answer = JSON.stringify(res.body);
    expect(answer).not.toContain('24.671234');
    expect(answer).not.toContain('102.912345');
  });

  it('refuses a point outside the county with its message, on create and on edit', async () => {
    const away = { ...exact, latitude: 25.04, longitude: 102.71 }; // 昆明
    const created = await api.pushDoc(
      gw.app,
      owner,
      'properties',
      buildNewListing(owner.user.id, { location: away } as never),
    );
    expect(created.body.rejections[0]).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining(LOCATION_MESSAGES.outsideCounty),
    });
    const id = await publicListing();
    const edited = await api.update(gw.app, owner, 'properties', id, { location: away });
    expect(edited.body.rejections[0].message).toContain(LOCATION_MESSAGES.outsideCounty);
    expect(await locationOf(owner, id)).toEqual(exact);
  });

  it('is set and removed by the owner and by admins, by nobody else', async () => {
    const listing = buildNewListing(owner.user.id);
    await api.insert(gw.app, owner, 'properties', listing);
    await api.updateAccepted(gw.app, admin, 'properties', listing.id, { audit_status: 'approved' });
    await gw.feedCaughtUp();

    // Another user, from what they pulled (no location) or from a made-up version.
    const seen = await api.master(gw.app, other, 'properties', listing.id);
    const stranger = await api.pushDoc(
      gw.app,
      other,
      'properties',
      { ...seen, location: exact },
      seen,
    );
    expect(stranger.body.rejections[0]).toMatchObject({
      code: 'forbidden',
      message: ACCESS_MESSAGES.notOwner,
    });
    const visitor = await api.pushDoc(
      gw.app,
      null,
      'properties',
      { ...seen, location: exact },
      seen,
    );
    expect(visitor.status).toBe(401);
    expect(await locationOf(owner, listing.id)).toBeUndefined();

    await api.updateAccepted(gw.app, owner, 'properties', listing.id, { location: exact });
    expect(await locationOf(owner, listing.id)).toEqual(exact);
    const moved = { ...exact, latitude: 24.68, accuracy_m: 20 };
    await api.updateAccepted(gw.app, admin, 'properties', listing.id, { location: moved });
    expect(await locationOf(owner, listing.id)).toEqual(moved);

    const { location: _l, ...without } = await api.master(gw.app, owner, 'properties', listing.id);
    await api.pushAccepted(gw.app, owner, 'properties', [
      {
        assumedMasterState: await api.master(gw.app, owner, 'properties', listing.id),
        newDocumentState: without,
      },
    ]);
    expect(await locationOf(owner, listing.id)).toBeUndefined();
  });
});
