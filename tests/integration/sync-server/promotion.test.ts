/**
 * Promotion statistics (issue 15 item 1): an attributed event counts once per person a day (a view
 * or contact once per listing; a device signed out and its user signed in are one person), never
 * for the agent themself, only for a real enabled agent, and exactly once each under concurrent
 * requests; statistics are the agent's own (or any for admins).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import { ERROR_MESSAGES } from '../../../couchdb/model/errors';
import { PROMOTION_STATS_DAYS, promotionDay } from '../../../couchdb/model/promotion-facts';
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
  agent = await gw.createUser('agent', '推广经纪人');
  admin = await gw.createUser('admin');
  user = await gw.createUser('user');
});
afterAll(async () => {
  await gw?.cleanup();
});

const event = (body: object, device?: string, who?: Account) => {
  const req = request(gw.app).post('/api/promotion/events').send(body);
  if (device) req.set(DEVICE_ID_HEADER, device);
  if (who) req.set(api.bearer(who));
  return req;
};
const stats = (who: Account, agentId?: string) =>
  request(gw.app)
    .get('/api/promotion/stats')
    .query(agentId ? { agentId } : {})
    .set(api.bearer(who));
const today = async (who: Account = agent) => {
  const res = await stats(who, agent.user.id);
  return res.body.days.at(-1) as { day: string; visit: number; view: number; contact: number };
};

/** A listing anyone can see (published by the user, approved by the admin). */
const publicListing = async () => {
  const id = await api.insert(gw.app, user, 'properties', buildNewListing(user.user.id));
  await api.updateAccepted(gw.app, admin, 'properties', id, { audit_status: 'approved' });
  return id;
};

describe('promotion events', () => {
  it('count a device once a day however often it comes back, and answer the agent card', async () => {
    const device = newId();
    const first = await event({ agentId: agent.user.id, type: 'visit' }, device);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      counted: true,
      agent: { id: agent.user.id, name: '推广经纪人', phone: agent.user.phone },
    });
    for (let i = 0; i < 10; i++)
      expect((await event({ agentId: agent.user.id, type: 'visit' }, device)).body.counted).toBe(
        false,
      );
    const listing = await publicListing();
    expect(
      (await event({ agentId: agent.user.id, type: 'view', propertyId: listing }, device)).body
        .counted,
    ).toBe(true);
    expect(
      (await event({ agentId: agent.user.id, type: 'view', propertyId: listing }, device)).body
        .counted,
    ).toBe(false);
    expect(
      (
        await event(
          { agentId: agent.user.id, type: 'view', propertyId: await publicListing() },
          device,
        )
      ).body.counted,
    ).toBe(true);
    // A made-up listing id, or one not public, counts nothing (each would be a new viewer).
    const pending = await api.insert(gw.app, user, 'properties', buildNewListing(user.user.id));
    for (const propertyId of [newId(), newId(), pending]) {
      const res = await event({ agentId: agent.user.id, type: 'view', propertyId }, device);
      expect(res.status).toBe(200);
      expect(res.body.counted).toBe(false);
    }
    expect(
      (await event({ agentId: agent.user.id, type: 'contact', propertyId: listing }, device)).body
        .counted,
    ).toBe(true);
    expect(await today()).toMatchObject({
      day: promotionDay(Date.now()),
      visit: 1,
      view: 2,
      contact: 1,
    });
  });

  it('count one person once whether they come signed out, then signed in, or back again', async () => {
    const before = await today();
    const listing = await publicListing();
    const person = await gw.createUser('user');
    const device = newId();
    const visit = { agentId: agent.user.id, type: 'visit' };
    const view = { agentId: agent.user.id, type: 'view', propertyId: listing };
    // Signed out on their phone, then signed in on it: the same person.
    expect((await event(visit, device)).body.counted).toBe(true);
    expect((await event(view, device)).body.counted).toBe(true);
    expect((await event(visit, device, person)).body.counted).toBe(false);
    expect((await event(view, device, person)).body.counted).toBe(false);
    // Signed out again on it: still the same person.
    expect((await event(view, device)).body.counted).toBe(false);
    // Signed in first on a new device, then signed out on it.
    const other = await gw.createUser('user');
    const second = newId();
    expect((await event(view, second, other)).body.counted).toBe(true);
    expect((await event(view, second)).body.counted).toBe(false);
    expect(await today()).toMatchObject({ visit: before.visit + 1, view: before.view + 2 });
  });

  it('count each of many devices arriving at once exactly once', async () => {
    const before = (await today()).visit;
    const devices = Array.from({ length: 12 }, () => newId());
    const answers = await Promise.all(
      [...devices, ...devices].map((d) => event({ agentId: agent.user.id, type: 'visit' }, d)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.counted)).toHaveLength(12);
    expect((await today()).visit).toBe(before + 12);
  });

  it('count the events of a hidden branch once each, as a cluster leaves after two writes on one revision', async () => {
    const promoter = await gw.createUser('agent');
    const visit = { agentId: promoter.user.id, type: 'visit' };
    const [a, b] = [newId(), newId()];
    expect((await event(visit, a)).body.counted).toBe(true);
    expect((await event(visit, b)).body.counted).toBe(true);
    type Day = { _id: string; _rev: string; seen: { visit: string[][] } };
    const db = gw.store.db<Day>('promotions');
    const stored = await db.get(`day:${promoter.user.id}:${promotionDay(Date.now())}`);
    const [counted] = stored.seen.visit;
    // A sibling of the stored revision holding the first device and one this copy alone took.
    const sibling = {
      ...stored,
      _rev: `${Number.parseInt(stored._rev, 10)}-${'f'.repeat(32)}`,
      counts: { visit: 2, view: 0, contact: 0 },
      seen: { visit: [counted, ['0123456789abcdef']], view: [], contact: [] },
    };
    await db.bulk({ docs: [sibling], new_edits: false });
    expect((await db.get(stored._id, { conflicts: true }))._conflicts).toHaveLength(1);

    const ofPromoter = async () =>
      ((await stats(promoter)).body.days.at(-1) as { visit: number }).visit;
    expect(await ofPromoter()).toBe(3);
    // Both branches' people stay counted; the next write keeps all three and removes the branch.
    expect((await event(visit, a)).body.counted).toBe(false);
    expect((await event(visit, b)).body.counted).toBe(false);
    expect((await event(visit, newId())).body.counted).toBe(true);
    expect(await ofPromoter()).toBe(4);
    expect((await db.get(stored._id, { conflicts: true }))._conflicts).toBeUndefined();
  });

  it('never count the agent themself, and refuse a link whose promoter is not an agent', async () => {
    const before = (await today()).visit;
    expect(
      (await event({ agentId: agent.user.id, type: 'visit' }, undefined, agent)).body.counted,
    ).toBe(false);
    expect((await today()).visit).toBe(before);
    for (const agentId of [user.user.id, newId()]) {
      const res = await event({ agentId, type: 'visit' }, newId());
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({
        code: 'not_agent',
        message: ERROR_MESSAGES.not_agent,
      });
    }
    expect((await event({ agentId: agent.user.id, type: 'view' }, newId())).status).toBe(400);
    expect((await event({ agentId: agent.user.id, type: 'bogus' }, newId())).status).toBe(400);
  });
});

describe('promotion statistics', () => {
  it('are the agent’s own, any agent’s for admins, nobody else’s', async () => {
    const own = await stats(agent);
    expect(own.status).toBe(200);
    expect(own.body.days).toHaveLength(PROMOTION_STATS_DAYS);
    expect(own.body.totals.visit).toBeGreaterThanOrEqual(13);
    expect((await stats(admin, agent.user.id)).body.totals).toEqual(own.body.totals);
    expect((await stats(user, agent.user.id)).status).toBe(403);
    const other = await gw.createUser('agent');
    expect((await stats(other, agent.user.id)).status).toBe(403);
    expect((await request(gw.app).get('/api/promotion/stats')).status).toBe(401);
  });
});

describe('the limit on events from one address', () => {
  it('holds across two gateways over one store', async () => {
    const second = await startTestGateway({
      prefix: gw.config.dbPrefix,
      jwtSecret: gw.config.jwtSecret,
    });
    try {
      const send = (app: TestGateway['app']) =>
        request(app)
          .post('/api/promotion/events')
          .set(DEVICE_ID_HEADER, newId())
          .send({ agentId: agent.user.id, type: 'visit' });
      const answers = [];
      for (let i = 0; i < 40; i++) answers.push(await send(gw.app), await send(second.app));
      const through = answers.filter((a) => a.status === 200).length;
      // Earlier tests of this file sent a few from this address in the same minute.
      expect(through).toBeLessThanOrEqual(60);
      expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(80 - 60);
    } finally {
      // The databases are the first gateway's, removed by its cleanup.
      second.close();
    }
  });
});
