/**
 * Reports of a listing (issue 19) against the real gateway and store: who may report, one open
 * report per reporter and listing (also when two arrive at once), the per-account rate limit (also
 * across two gateways over one store), the admin queue and decisions (admins only), and what a
 * decision does to the listing, the operation log and the reporter's list.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportQueueEntry, ReportView } from '../../../couchdb/model/report';
import { REPORT_MESSAGES, REPORTS_PER_ACCOUNT_PER_DAY } from '../../../couchdb/model/trust-facts';
import type { InboxEntry } from '../../../couchdb/model/inbox';
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

/** A public listing of the owner's; returns its id. */
async function publicListing(title = '海口镇 三室 待举报'): Promise<string> {
  const id = await api.insert(
    gw.app,
    owner,
    'properties',
    buildNewListing(owner.user.id, { title }),
  );
  await api.updateAccepted(gw.app, admin, 'properties', id, { audit_status: 'approved' });
  return id;
}

const report = (target: api.GatewayTarget, who: api.Caller, propertyId: string, note = '') =>
  request(target)
    .post('/api/reports')
    .set(api.bearer(who))
    .send({ property_id: propertyId, reason: 'fake', note });

const mine = async (who: api.Caller) =>
  (await request(gw.app).get('/api/reports/mine').set(api.bearer(who)).expect(200)).body
    .reports as ReportView[];

const queue = async () =>
  (await request(gw.app).get('/api/admin/reports').set(api.bearer(admin)).expect(200)).body
    .queue as ReportQueueEntry[];

/** The gateway's notices about a listing in the caller's inbox, as their device pulls them. */
const notices = async (who: api.Caller, propertyId: string) =>
  [...(await api.serverDocs<InboxEntry>(gw.app, who, 'inbox')).values()].filter(
    (e) => e.kind === 'notice' && e.property_ids.includes(propertyId),
  );

const decide = (who: api.Caller, propertyId: string, decision: string, reason = '') =>
  request(gw.app)
    .post(`/api/admin/reports/${propertyId}/decision`)
    .set(api.bearer(who))
    .send({ decision, reason });

describe('filing a report', () => {
  it("is refused for a visitor and for the listing's owner", async () => {
    const id = await publicListing();
    expect((await report(gw.app, null, id)).status).toBe(401);
    const own = await report(gw.app, owner, id);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(REPORT_MESSAGES.ownListing);
  });

  it('is refused for a listing that is not public', async () => {
    const id = await api.insert(gw.app, owner, 'properties', buildNewListing(owner.user.id));
    const user = await gw.createUser();
    const res = await report(gw.app, user, id);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(REPORT_MESSAGES.notReportable);
  });

  it('keeps one open report per reporter and listing, also when two arrive at once', async () => {
    const id = await publicListing();
    const user = await gw.createUser();
    const answers = await Promise.all([report(gw.app, user, id), report(gw.app, user, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe(
      REPORT_MESSAGES.duplicate,
    );
    const again = await report(gw.app, user, id);
    expect(again.status).toBe(409);
    expect(await mine(user)).toHaveLength(1);
  });

  it('checks the reason and the note', async () => {
    const id = await publicListing();
    const user = await gw.createUser();
    const res = await report(gw.app, user, id, '很'.repeat(201));
    expect(res.status).toBe(400);
    expect(res.body.error.fields.note).toBe(REPORT_MESSAGES.noteMax);
  });
});

describe('the rate limit', () => {
  it(`allows ${REPORTS_PER_ACCOUNT_PER_DAY} reports an account a day`, async () => {
    const user = await gw.createUser();
    for (let i = 0; i < REPORTS_PER_ACCOUNT_PER_DAY; i++) {
      expect((await report(gw.app, user, await publicListing())).status).toBe(201);
    }
    const over = await report(gw.app, user, await publicListing());
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('limits the reports of one address across accounts', async () => {
    const strict = await startTestGateway({ rateLimits: { reportsPerAddressPerHour: 2 } });
    try {
      const [boss, publisher] = [
        await strict.createUser('admin'),
        await strict.createUser('agent'),
      ];
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const listing = buildNewListing(publisher.user.id);
        await api.insert(strict.app, publisher, 'properties', listing);
        await api.updateAccepted(strict.app, boss, 'properties', listing.id, {
          audit_status: 'approved',
        });
        statuses.push((await report(strict.app, await strict.createUser(), listing.id)).status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await strict.cleanup();
    }
  });

  describe('two gateways over one store', () => {
    let second: TestGateway;
    let secondUrl: string;
    let stopSecond: () => Promise<void>;
    beforeAll(async () => {
      second = await startTestGateway({
        prefix: gw.config.dbPrefix,
        jwtSecret: gw.config.jwtSecret,
      });
      const listening = await second.listen();
      secondUrl = listening.url;
      stopSecond = listening.close;
    });
    afterAll(async () => {
      second?.close();
      await stopSecond?.();
    });

    it('holds the account limit across both, also in a burst', async () => {
      const user = await gw.createUser();
      const ids = await Promise.all(
        Array.from({ length: REPORTS_PER_ACCOUNT_PER_DAY + 4 }, () => publicListing()),
      );
      const answers = await Promise.all(
        ids.map((id, i) => report(i % 2 ? secondUrl : gw.app, user, id)),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(REPORTS_PER_ACCOUNT_PER_DAY);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    });
  });
});

describe('the admin queue and decisions', () => {
  it('are refused for everyone but admins', async () => {
    const id = await publicListing();
    const user = await gw.createUser();
    expect((await report(gw.app, user, id)).status).toBe(201);
    for (const who of [null, user, owner]) {
      const list = await request(gw.app).get('/api/admin/reports').set(api.bearer(who));
      expect(list.status).toBe(who ? 403 : 401);
      expect((await decide(who, id, 'taken_down', '虚假房源')).status).toBe(who ? 403 : 401);
    }
    const seen = await api.master(gw.app, admin, 'properties', id);
    expect(seen.status).toBe('active');
    expect(seen).not.toHaveProperty('moderation');
  });

  it('takes a listing down: the owner sees why, the reporters the outcome, the log the action', async () => {
    const id = await publicListing('海口镇 三室 被举报');
    const [a, b] = [
      await gw.createUser('user', '举报人甲'),
      await gw.createUser('user', '举报人乙'),
    ];
    await report(gw.app, a, id, '照片是网上找的').expect(201);
    await report(gw.app, b, id).expect(201);
    const entry = (await queue()).find((q) => q.property_id === id);
    expect(entry).toMatchObject({ reporter_count: 2, reasons: ['fake'], owner_name: '房东' });
    expect(entry!.reports.map((r) => r.reporter_name).sort()).toEqual(['举报人乙', '举报人甲']);
    expect(entry!.reports.find((r) => r.reporter_name === '举报人甲')?.note).toBe('照片是网上找的');

    expect((await decide(admin, id, 'taken_down')).status).toBe(400); // a reason is required
    const res = await decide(admin, id, 'taken_down', '图片与实际不符');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ closed: 2 });

    const listing = await api.master(gw.app, owner, 'properties', id);
    expect(listing.status).toBe('inactive');
    expect(listing.moderation).toMatchObject({ kind: 'taken_down', reason: '图片与实际不符' });
    expect((await queue()).some((q) => q.property_id === id)).toBe(false);
    for (const who of [a, b]) {
      expect((await mine(who)).find((r) => r.property_id === id)).toMatchObject({
        status: 'taken_down',
        outcome_reason: '图片与实际不符',
      });
    }
    // Each reporter and the owner find a notice in their 消息 inbox; nobody else does.
    for (const who of [a, b]) {
      expect(await notices(who, id)).toEqual([
        expect.objectContaining({
          title: REPORT_MESSAGES.noticeTitle('海口镇 三室 被举报'),
          body: '房源已下架：图片与实际不符',
          link: '/my-reports',
        }),
      ]);
    }
    expect(await notices(owner, id)).toEqual([
      expect.objectContaining({
        title: REPORT_MESSAGES.ownerNoticeTitle('海口镇 三室 被举报', 'taken_down'),
        body: REPORT_MESSAGES.takenDownOwner('图片与实际不符'),
        link: '/my-properties',
      }),
    ]);
    expect(await notices(admin, id)).toEqual([]);
    const log = (await api.serverDocs(gw.app, admin, 'oplog')).values();
    const lines = [...log]
      .filter((e) => e.property_id === id)
      .map((e) => String(e.operation_description));
    expect(lines.some((l) => l.includes('因举报下架') && l.includes('图片与实际不符'))).toBe(true);

    // The owner cannot put it up again; an admin can, which ends the notice.
    const up = await api.update(gw.app, owner, 'properties', id, { status: 'active' });
    expect(up.body.rejections[0].message).toBe(REPORT_MESSAGES.takenDownStays);
    await api.updateAccepted(gw.app, admin, 'properties', id, { status: 'active' });
    expect(await api.master(gw.app, owner, 'properties', id)).not.toHaveProperty('moderation');
    // A decided report may be filed again.
    expect((await report(gw.app, a, id)).status).toBe(201);
  });

  it('asks the owner to fix: the notice lasts until the owner edits the listing', async () => {
    const id = await publicListing();
    const user = await gw.createUser();
    await report(gw.app, user, id).expect(201);
    await decide(admin, id, 'fix_requested', '请更新实拍图片').expect(200);
    const asked = await api.master(gw.app, owner, 'properties', id);
    expect(asked.status).toBe('active');
    expect(asked.moderation).toMatchObject({ kind: 'fix_requested', reason: '请更新实拍图片' });
    // The owner cannot clear it without an edit.
    const cleared = await api.update(gw.app, owner, 'properties', id, { moderation: null });
    expect(cleared.body.rejections[0].message).toBe(ACCESS_MESSAGES.adminOnlyFields);
    await api.updateAccepted(gw.app, owner, 'properties', id, { price: 1_234_000 });
    expect(await api.master(gw.app, owner, 'properties', id)).not.toHaveProperty('moderation');
    expect((await mine(user))[0]).toMatchObject({ status: 'fix_requested' });
  });

  it('dismisses: the listing stays, the log says so, the reporter sees it', async () => {
    const id = await publicListing('海口镇 三室 驳回');
    const user = await gw.createUser();
    await report(gw.app, user, id).expect(201);
    await decide(admin, id, 'dismissed').expect(200);
    expect((await api.master(gw.app, owner, 'properties', id)).status).toBe('active');
    expect((await mine(user))[0]).toMatchObject({ status: 'dismissed' });
    expect((await notices(user, id)).map((n) => n.body)).toEqual(['已驳回']);
    expect(await notices(owner, id)).toEqual([]); // nothing changed for the owner
    const lines = [...(await api.serverDocs(gw.app, admin, 'oplog')).values()]
      .filter((e) => e.property_id === id)
      .map((e) => String(e.operation_description));
    expect(lines.some((l) => l.includes('驳回了对房源「海口镇 三室 驳回」的举报'))).toBe(true);
    expect((await decide(admin, id, 'dismissed')).status).toBe(409);
  });

  it('a reporter sees only their own reports', async () => {
    const id = await publicListing();
    const [a, b] = [await gw.createUser(), await gw.createUser()];
    await report(gw.app, a, id).expect(201);
    expect(await mine(b)).toEqual([]);
    expect((await request(gw.app).get('/api/reports/mine')).status).toBe(401);
  });
});
