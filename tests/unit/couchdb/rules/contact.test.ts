import { describe, expect, it } from 'vitest';
import {
  FALLBACK_CONTACT_NAME,
  PLATFORM_LINE_WARNING,
  resolveContactPhone,
} from '@couchdb/rules/contact';
import { buildProperty } from '@tests/fixtures/builders';

const NOW = Date.parse('2025-03-02T00:00:00.000Z');
const HOUR = 3600_000;
const promotion = (ageMs: number, agentPhone: string | undefined = '13600000001') => ({
  agentId: 'a1',
  agentName: '赵经纪',
  ...(agentPhone ? { agentPhone } : {}),
  timestamp: NOW - ageMs,
});
const platform = { phone: '18887700000' };

describe('resolveContactPhone (product §6 priority)', () => {
  it.each([
    [
      'active promotion wins',
      promotion(HOUR),
      buildProperty(),
      ['13600000001', '赵经纪', 'promotion'],
    ],
    [
      'expired promotion is ignored',
      promotion(24 * HOUR),
      buildProperty(),
      ['13812345678', '张先生', 'contact_phone'],
    ],
    [
      'promotion without phone is ignored',
      promotion(HOUR, ''),
      buildProperty(),
      ['13812345678', '张先生', 'contact_phone'],
    ],
    [
      'contact.phone when contact_phone is empty',
      null,
      buildProperty({ contact_phone: undefined, contact: { name: '', phone: '13700000002' } }),
      ['13700000002', '张先生', 'contact'],
    ],
    [
      'platform line last, with the fallback name',
      null,
      buildProperty({ contact_phone: undefined, contact: { name: '' }, owner: undefined }),
      ['18887700000', FALLBACK_CONTACT_NAME, 'platform'],
    ],
  ])('%s', (_case, promo, property, [phone, name, source]) => {
    const r = resolveContactPhone({
      promotion: promo,
      property,
      defaultContact: platform,
      now: NOW,
    });
    expect([r.phone, r.name, r.source]).toEqual([phone, name, source]);
    expect(r.isPlatformLine).toBe(source === 'platform');
    expect(r.warning).toBe(source === 'platform' ? PLATFORM_LINE_WARNING : null);
  });

  it('shows the publisher their own contact, not the agent of a promotion link they opened', () => {
    const property = buildProperty({ user_id: 'u-owner', contact_phone: '13812345678' });
    const own = resolveContactPhone({
      promotion: promotion(HOUR),
      property,
      viewerId: 'u-owner',
      now: NOW,
    });
    expect([own.phone, own.source]).toEqual(['13812345678', 'contact_phone']);
    const other = resolveContactPhone({
      promotion: promotion(HOUR),
      property,
      viewerId: 'u-other',
      now: NOW,
    });
    expect([other.phone, other.source]).toEqual(['13600000001', 'promotion']);
  });

  it('falls back to 房产顾问 when the listing has a phone but no name', () => {
    const property = buildProperty({ contact: { name: ' ' }, owner: undefined });
    expect(resolveContactPhone({ property, now: NOW }).name).toBe('房产顾问');
  });

  it('gives no phone when nothing is configured', () => {
    const property = buildProperty({ contact_phone: undefined, contact: { name: '' } });
    expect(resolveContactPhone({ property, defaultContact: null, now: NOW })).toMatchObject({
      phone: '',
      source: 'none',
    });
  });
});
