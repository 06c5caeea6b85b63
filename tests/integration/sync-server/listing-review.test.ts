/**
 * Re-review of an approved listing's changes (issue 16, finding 8) against the real gateway and
 * store: with audit_required on, an owner's change to the reviewed fields (text, tags, photos,
 * video, 360° link) waits for an admin while everyone else keeps seeing the approved version; a
 * price change goes live at once; the admin approves or refuses the change; the 360° link must be
 * an https page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyRevision } from '../../../couchdb/model/property';
import { PROPERTY_FORM_MESSAGES } from '../../../couchdb/model/property-facts';
import type { SyncDocument } from '../../../couchdb/model/sync';
import { buildNewListing, buildSetting } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let admin: Account;
let owner: Account;
let other: Account;

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员');
  owner = await gw.createUser('agent', '经纪人');
  other = await gw.createUser('user', '买家');
});
afterAll(async () => {
  await gw?.cleanup();
});

/** A listing of the owner's, approved by the admin; returns its id. */
async function approvedListing(title: string): Promise<string> {
  const id = await api.insert(
    gw.app,
    owner,
    'properties',
    buildNewListing(owner.user.id, { title }),
  );
  await api.updateAccepted(gw.app, admin, 'properties', id, { audit_status: 'approved' });
  return id;
}

/** The listing as `who` pulls it (null: a visitor). */
async function seenBy(who: api.Caller, id: string): Promise<SyncDocument | undefined> {
  // A visitor reads the feed as it is (no wait for writes in flight), once it has brought them.
  if (!who) await gw.feedCaughtUp();
  return (await api.serverDocs(gw.app, who, 'properties')).get(id);
}

const revisionOf = (doc: SyncDocument | undefined) =>
  doc?.change_review as PropertyRevision | null | undefined;

async function setAuditRequired(on: boolean) {
  const current = (await api.serverDocs(gw.app, admin, 'settings')).get('audit_required');
  const next = buildSetting({ id: 'audit_required', setting_value: on });
  await api.pushAccepted(gw.app, admin, 'settings', [
    { assumedMasterState: current ?? null, newDocumentState: { ...current, ...next } as never },
  ]);
}

describe('with review required', () => {
  it('a text change waits for review: others see the approved version, the owner theirs', async () => {
    const id = await approvedListing('海口镇 三室 原标题');
    await api.updateAccepted(gw.app, owner, 'properties', id, {
      title: '海口镇 三室 新标题',
      description: '新的描述，房主修改了房源介绍的内容。',
    });

    const mine = await seenBy(owner, id);
    expect(mine?.title).toBe('海口镇 三室 新标题');
    expect(revisionOf(mine)).toMatchObject({
      status: 'pending',
      approved: { title: '海口镇 三室 原标题' },
    });
    expect((await seenBy(admin, id))?.title).toBe('海口镇 三室 新标题');
    for (const who of [null, other]) {
      const seen = await seenBy(who, id);
      expect(seen?.title).toBe('海口镇 三室 原标题');
      expect(seen?.audit_status).toBe('approved');
      expect(seen).not.toHaveProperty('change_review');
    }
  });

  it('a price change goes live at once, also while a text change waits', async () => {
    const id = await approvedListing('九村镇 两室 原标题');
    await api.updateAccepted(gw.app, owner, 'properties', id, { price: 450_000 });
    expect(revisionOf(await seenBy(owner, id)) ?? null).toBeNull();
    expect((await seenBy(null, id))?.price).toBe(450_000);

    await api.updateAccepted(gw.app, owner, 'properties', id, { title: '九村镇 两室 改后' });
    await api.updateAccepted(gw.app, owner, 'properties', id, { price: 420_000 });
    const seen = await seenBy(other, id);
    expect(seen?.price).toBe(420_000);
    expect(seen?.title).toBe('九村镇 两室 原标题');
    // The submission is the same one: the price change did not restart it.
    expect(revisionOf(await seenBy(owner, id))?.status).toBe('pending');
  });

  it('the admin approves the change: it goes public and the log says so', async () => {
    const id = await approvedListing('右所镇 原标题');
    await api.updateAccepted(gw.app, owner, 'properties', id, { title: '右所镇 新标题' });
    await api.updateAccepted(gw.app, admin, 'properties', id, { change_review: null });

    const seen = await seenBy(null, id);
    expect(seen?.title).toBe('右所镇 新标题');
    expect(revisionOf(await seenBy(owner, id)) ?? null).toBeNull();
    const log = (await api.pullAll(gw.app, admin, 'oplog')).documents.filter(
      (e) => e.property_id === id && e.operation_type === 'approve',
    );
    expect(log.map((e) => e.operation_description)).toContain(
      '管理员审核通过了房源「右所镇 新标题」的修改',
    );
  });

  it('the admin refuses the change with a reason; the owner edits again and it waits again', async () => {
    const id = await approvedListing('龙街街道 原标题');
    await api.updateAccepted(gw.app, owner, 'properties', id, { title: '龙街街道 夸大标题' });
    const pending = revisionOf(await seenBy(admin, id))!;
    await api.updateAccepted(gw.app, admin, 'properties', id, {
      change_review: { ...pending, status: 'rejected', comment: '标题与实际不符' },
    });

    expect((await seenBy(null, id))?.title).toBe('龙街街道 原标题');
    expect(revisionOf(await seenBy(owner, id))).toMatchObject({
      status: 'rejected',
      comment: '标题与实际不符',
      approved: { title: '龙街街道 原标题' },
    });

    await api.updateAccepted(gw.app, owner, 'properties', id, { title: '龙街街道 如实标题' });
    expect(revisionOf(await seenBy(owner, id))).toMatchObject({ status: 'pending', comment: '' });
    expect((await seenBy(other, id))?.title).toBe('龙街街道 原标题');
  });

  it('an edit back to the approved text ends the wait', async () => {
    const id = await approvedListing('阳宗镇 原标题');
    await api.updateAccepted(gw.app, owner, 'properties', id, { title: '阳宗镇 改一下' });
    await api.updateAccepted(gw.app, owner, 'properties', id, { title: '阳宗镇 原标题' });
    expect(revisionOf(await seenBy(owner, id)) ?? null).toBeNull();
  });

  it('nobody but an admin opens, ends or rewrites a revision', async () => {
    const id = await approvedListing('凤麓街道 原标题');
    await api.updateAccepted(gw.app, owner, 'properties', id, { title: '凤麓街道 新标题' });
    // The owner "approves" their own change, then rewrites the approved snapshot: both ignored.
    await api.updateAccepted(gw.app, owner, 'properties', id, { change_review: null });
    const forged = { ...revisionOf(await seenBy(owner, id))!, approved: { title: '伪造' } };
    await api.updateAccepted(gw.app, owner, 'properties', id, { change_review: forged });
    expect(revisionOf(await seenBy(owner, id))).toMatchObject({
      status: 'pending',
      approved: { title: '凤麓街道 原标题' },
    });
    expect((await seenBy(null, id))?.title).toBe('凤麓街道 原标题');

    // A new listing cannot bring one along.
    const fresh = buildNewListing(owner.user.id, {
      change_review: {
        status: 'pending',
        approved: {},
        comment: '',
        submitted_at: new Date().toISOString(),
      },
    } as never);
    await api.insert(gw.app, owner, 'properties', fresh);
    expect(await seenBy(owner, fresh.id)).not.toHaveProperty('change_review');
  });
});

describe('the 360° link', () => {
  it('must be an https page', async () => {
    const id = await approvedListing('全景 原标题');
    const res = await api.update(gw.app, owner, 'properties', id, {
      panorama_url: 'http://vr.example.com/tour/1',
    });
    expect(res.body.rejections).toEqual([
      { id, code: 'validation_failed', message: PROPERTY_FORM_MESSAGES.panoramaHttps },
    ]);
    await api.updateAccepted(gw.app, owner, 'properties', id, {
      panorama_url: 'https://vr.example.com/tour/1',
    });
    // A new 360° link is reviewed like the text.
    expect((await seenBy(null, id))?.panorama_url ?? '').toBe('');
    expect(revisionOf(await seenBy(owner, id))?.status).toBe('pending');
  });
});

describe('with review off', () => {
  it('a change to an approved listing goes live at once', async () => {
    const id = await approvedListing('海口镇 评审关闭 原标题');
    await setAuditRequired(false);
    try {
      await api.updateAccepted(gw.app, owner, 'properties', id, { title: '海口镇 评审关闭 新' });
      expect((await seenBy(null, id))?.title).toBe('海口镇 评审关闭 新');
      expect(revisionOf(await seenBy(owner, id)) ?? null).toBeNull();
    } finally {
      await setAuditRequired(true);
    }
  });
});
