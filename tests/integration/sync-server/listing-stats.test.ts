/**
 * 我的房源数据 (issue 15): an agent's listings with views, favourites (a count, never who) and
 * contact opens; the agent's own only (admins any), and nobody else's.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favoriteId } from '../../../couchdb/model/favorite-facts';
import { DEVICE_ID_HEADER } from '../../../couchdb/model/sync';
import { buildNewListing } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let agent: Account;
let admin: Account;
let user: Account;

beforeAll(async () => {
  gw = await startTestGateway();
  agent = await gw.createUser('agent');
  admin = await gw.createUser('admin');
  user = await gw.createUser('user');
});
afterAll(async () => {
  await gw?.cleanup();
});

const stats = (who: Account, userId?: string) =>
  request(gw.app)
    .get('/api/agent/listing-stats')
    .query(userId ? { userId } : {})
    .set(api.bearer(who));

describe('listing statistics', () => {
  it('count views, favourites and contact opens of the agent’s listings', async () => {
    const id = await api.insert(
      gw.app,
      agent,
      'properties',
      buildNewListing(agent.user.id, { title: '数据房源' }),
    );
    const quiet = await api.insert(
      gw.app,
      agent,
      'properties',
      buildNewListing(agent.user.id, { title: '无人问津' }),
    );
    await api.updateAccepted(gw.app, admin, 'properties', id, { audit_status: 'approved' });
    for (const device of ['device-aaaaaaaa', 'device-bbbbbbbb']) {
      await request(gw.app).post(`/api/properties/${id}/view`).set(DEVICE_ID_HEADER, device);
    }
    await request(gw.app).post(`/api/properties/${id}/contact`).set(api.bearer(user));
    const now = new Date().toISOString();
    // A favourite as a device writes it.
    const favorite = {
      id: favoriteId(user.user.id, id),
      user_id: user.user.id,
      property_id: id,
      created_at: now,
    };
    await api.insert(gw.app, user, 'favorites', favorite);

    const res = await stats(agent);
    expect(res.status, res.text).toBe(200);
    const byId = new Map(res.body.listings.map((l: { id: string }) => [l.id, l]));
    expect(byId.get(id)).toMatchObject({ title: '数据房源', views: 2, favorites: 1, contacts: 1 });
    expect(byId.get(quiet)).toMatchObject({ views: 0, favorites: 0, contacts: 0 });
    expect(JSON.stringify(res.body)).not.toContain(user.user.id);
  });

  it('are the agent’s own; admins may ask for anyone’s; users and other agents may not', async () => {
    expect((await stats(admin, agent.user.id)).status).toBe(200);
    expect((await stats(user)).status).toBe(403);
    expect((await stats(await gw.createUser('agent'), agent.user.id)).status).toBe(403);
    expect((await request(gw.app).get('/api/agent/listing-stats')).status).toBe(401);
  });
});
