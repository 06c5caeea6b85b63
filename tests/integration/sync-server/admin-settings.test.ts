/**
 * System settings writes against the real gateway and store (issue 14, product §2 "Admin system
 * settings", §5, §9): users and agents are refused with the reason and the store is left as it
 * was; an admin's write is accepted (the gateway stamps the time); a bad value is refused with the
 * settings model's own message, whoever sends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from '../../../couchdb/model/common-facts';
import type { Setting } from '../../../couchdb/model/setting';
import { DEFAULT_LOAN_RATES, SETTINGS_MESSAGES } from '../../../couchdb/model/setting-facts';
import type { SyncDocument } from '../../../couchdb/model/sync';
import { ACCESS_MESSAGES } from '../../../couchdb/rules/access';
import { buildSetting } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let admin: Account;
const callers = {} as Record<'user' | 'agent', Account>;

/** The raw stored setting (revision included), or null. */
async function stored(id: string) {
  return (await gw.store
    .db('settings')
    .get(id)
    .catch(() => null)) as Record<string, unknown> | null;
}

/** The server's version as an admin's device holds it, or null when there is none yet. */
async function current(id: string): Promise<SyncDocument | null> {
  return (await api.serverDocs(gw.app, admin, 'settings')).get(id) ?? null;
}

/** Pushes `setting` over the server's current version, as `who`. */
async function write(who: Account, setting: Partial<Setting> & { id: string }) {
  const master = await current(setting.id);
  return api.pushDoc(gw.app, who, 'settings', { ...master, ...setting }, master);
}

const phone = (p: unknown) =>
  buildSetting({ id: 'default_contact', setting_value: { phone: p } as never });
const audit = (on: unknown) => buildSetting({ id: 'audit_required', setting_value: on as never });
const limit = (n: unknown) =>
  buildSetting({ id: 'max_images_per_property', setting_value: n as never });
const rates = (change: Record<string, unknown>) =>
  buildSetting({
    id: 'loan_rates',
    setting_value: { ...DEFAULT_LOAN_RATES, ...change } as never,
  });

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员甲');
  callers.user = await gw.createUser('user', '普通用户丙');
  callers.agent = await gw.createUser('agent', '经纪人丁');
  // Each setting exists, so a refusal must leave a real document unchanged.
  for (const s of [phone('18887700000'), audit(true), limit(10), rates({})]) {
    expect((await write(admin, s)).body.rejections).toEqual([]);
  }
});
afterAll(async () => {
  await gw?.cleanup();
});

describe.each(['user', 'agent'] as const)('a caller of role %s', (role) => {
  it.each([
    ['the default phone', phone('13912345678')],
    ['the review switch', audit(false)],
    ['the image limit', limit(3)],
    ['the loan rates', rates({ lprPercent: 2.9 })],
  ])('is refused when it changes %s: the reason, nothing stored', async (_label, setting) => {
    const before = await stored(setting.id);
    const res = await write(callers[role], setting);
    expect(res.status).toBe(200);
    expect(res.body.rejections).toEqual([
      { id: setting.id, code: 'forbidden', message: ACCESS_MESSAGES.settingsAdminOnly },
    ]);
    expect(res.body.accepted).toEqual([]);
    expect(await stored(setting.id)).toEqual(before);
  });

  it('is refused when it deletes a setting', async () => {
    const before = await stored('audit_required');
    const master = await current('audit_required');
    const res = await api.pushDoc(
      gw.app,
      callers[role],
      'settings',
      { ...master, _deleted: true },
      master,
    );
    expect(res.body.rejections).toEqual([
      { id: 'audit_required', code: 'forbidden', message: ACCESS_MESSAGES.settingsAdminOnly },
    ]);
    expect(await stored('audit_required')).toEqual(before);
  });
});

describe('an admin', () => {
  it('changes each setting; the gateway stamps the time and every device pulls it', async () => {
    const sent = '2020-01-01T00:00:00.000Z';
    for (const s of [phone('13912345678'), audit(false), limit(3), rates({ basisPoints: -30 })]) {
      const res = await write(admin, { ...s, updated_at: sent });
      expect(res.body.rejections).toEqual([]);
      expect(res.body.accepted).toHaveLength(1);
      const doc = await stored(s.id);
      expect(doc?.setting_value).toEqual(s.setting_value);
      expect(doc?.updated_at).not.toBe(sent);
    }
    // Everyone reads the settings (the contact fallback, the image limit).
    const seen = await api.serverDocs(gw.app, callers.user, 'settings');
    expect(seen.get('default_contact')?.setting_value).toEqual({ phone: '13912345678' });
    expect(seen.get('audit_required')?.setting_value).toBe(false);
    expect(seen.get('max_images_per_property')?.setting_value).toBe(3);
    expect(seen.get('loan_rates')?.setting_value).toMatchObject({ basisPoints: -30 });

    for (const s of [phone('18887700000'), audit(true), limit(10), rates({})]) {
      expect((await write(admin, s)).body.rejections).toEqual([]);
    }
  });

  const sm = SETTINGS_MESSAGES;
  it.each([
    ['an empty phone', phone('  '), sm.phoneRequired],
    ['a phone breaking the rule', phone('1234567'), PHONE_MESSAGE],
    [
      'no phone',
      buildSetting({ id: 'default_contact', setting_value: {} as never }),
      sm.phoneRequired,
    ],
    ['a review switch that is not a boolean', audit('no'), sm.auditRequiredInvalid],
    ['an image limit of 0', limit(0), sm.imageLimitMin],
    ['an image limit of 51', limit(51), sm.imageLimitMax],
    ['an image limit of 2.5', limit(2.5), sm.imageLimitInteger],
    ['an image limit as text', limit('5'), sm.imageLimitRequired],
    ['an LPR of 0', rates({ lprPercent: 0 }), sm.rateRange],
    ['an LPR over 20%', rates({ lprPercent: 21 }), sm.rateRange],
    ['a rate with 4 decimals', rates({ providentFirstLong: 2.6001 }), sm.rateDecimals],
    ['a rate as text', rates({ lprPercent: '3.5' }), sm.rateNumber],
    ['a missing rate', rates({ providentSecondShort: undefined }), sm.rateRequired],
    ['基点 of 2.5', rates({ basisPoints: 2.5 }), sm.basisPointsInteger],
    ['基点 beyond 300', rates({ basisPoints: -301 }), sm.basisPointsRange],
    ['a day that does not exist', rates({ lprDate: '2025-02-30' }), sm.dateInvalid],
    ['a minimum down payment of 101%', rates({ minDownCommercial: 101 }), sm.downRange],
    [
      'rates that are not an object',
      buildSetting({ id: 'loan_rates', setting_value: 3.5 as never }),
      sm.ratesInvalid,
    ],
  ])('is refused %s with the model message, nothing stored', async (_label, setting, message) => {
    const before = await stored(setting.id);
    const res = await write(admin, setting);
    expect(res.body.rejections).toEqual([{ id: setting.id, code: 'validation_failed', message }]);
    expect(await stored(setting.id)).toEqual(before);
  });

  it('is refused rates with a field the model does not know', async () => {
    const before = await stored('loan_rates');
    const res = await write(admin, rates({ bonus: 1 }));
    expect(res.body.rejections).toMatchObject([{ id: 'loan_rates', code: 'validation_failed' }]);
    expect(await stored('loan_rates')).toEqual(before);
  });

  it('is refused a setting key the model does not know', async () => {
    const res = await api.pushDoc(gw.app, admin, 'settings', {
      id: 'site_name',
      setting_value: '澄江房产',
      updated_at: new Date().toISOString(),
    });
    expect(res.body.rejections).toHaveLength(1);
    expect(await stored('site_name')).toBeNull();
  });
});
