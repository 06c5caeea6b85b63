/**
 * One account cannot grow storage without bound through sync (security probe, finding 3): each
 * user keeps at most LISTING_MAX listings (deleted ones not counted), DEMAND_MAX demands and
 * FAVORITE_MAX favourites; the next create is refused with the limit's message, an edit of one
 * already stored still passes, and a deleted listing makes room.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMAND_MAX, DEMAND_MESSAGES } from '../../../couchdb/model/demand-facts';
import { FAVORITE_MAX, FAVORITE_MESSAGES } from '../../../couchdb/model/favorite-facts';
import { newId } from '../../../couchdb/model/common-facts';
import { LISTING_MAX, PROPERTY_MESSAGES } from '../../../couchdb/model/property-facts';
import type { PushResponse, SyncDocument } from '../../../couchdb/model/sync';
import { buildFavorite, buildNewDemand, buildNewListing } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.cleanup();
});

/** Creates `docs` in pushes of 100 rows; every one must be accepted. */
async function createAll(who: Account, collection: string, docs: object[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 100) {
    const rows = docs.slice(i, i + 100).map((d) => ({
      assumedMasterState: null,
      newDocumentState: d as SyncDocument,
    }));
    await api.pushAccepted(gw.app, who, collection, rows);
  }
}

/** The answer to one more create: its refusal. */
async function oneMore(who: Account, collection: string, doc: object) {
  const body = (await api.pushDoc(gw.app, who, collection, doc)).body as PushResponse;
  expect(body.accepted).toEqual([]);
  return body.rejections;
}

describe('per-user caps', { timeout: 120_000 }, () => {
  it(`keep at most ${LISTING_MAX.user} listings a user; a deleted one makes room`, async () => {
    const owner = await gw.createUser('user', '房东');
    const ids = Array.from({ length: LISTING_MAX.user }, () => newId());
    await createAll(
      owner,
      'properties',
      ids.map((id) => ({ ...buildNewListing(owner.user.id), id })),
    );
    expect(await oneMore(owner, 'properties', buildNewListing(owner.user.id))).toEqual([
      expect.objectContaining({
        code: 'too_many',
        message: PROPERTY_MESSAGES.tooMany(LISTING_MAX.user),
      }),
    ]);
    // An edit at the cap still passes; a listing deleted (spec: the status 'deleted') frees a place.
    await api.updateAccepted(gw.app, owner, 'properties', ids[0]!, { price: 990_000 });
    await api.updateAccepted(gw.app, owner, 'properties', ids[1]!, { status: 'deleted' });
    await api.insert(gw.app, owner, 'properties', buildNewListing(owner.user.id));
  });

  it(`keep at most ${DEMAND_MAX} demands a user`, async () => {
    const owner = await gw.createUser('user', '买家');
    await createAll(
      owner,
      'demands',
      Array.from({ length: DEMAND_MAX }, () => buildNewDemand(owner.user.id)),
    );
    expect(await oneMore(owner, 'demands', buildNewDemand(owner.user.id))).toEqual([
      expect.objectContaining({ code: 'too_many', message: DEMAND_MESSAGES.tooMany }),
    ]);
  });

  it(`keep at most ${FAVORITE_MAX} favourites a user`, async () => {
    const owner = await gw.createUser('user', '收藏者');
    const favourite = () => buildFavorite({ user_id: owner.user.id, property_id: newId() });
    await createAll(owner, 'favorites', Array.from({ length: FAVORITE_MAX }, favourite));
    expect(await oneMore(owner, 'favorites', favourite())).toEqual([
      expect.objectContaining({ code: 'too_many', message: FAVORITE_MESSAGES.tooMany }),
    ]);
  });
});
