import { describe, expect, it } from 'vitest';
import {
  AREA_BANDS,
  BUY_PRICE_BANDS,
  inBand,
  PRESET_FEATURE_TAGS,
  RENT_PRICE_BANDS,
  TOWNSHIPS,
  uploadBackoffMs,
  VIDEO_MAX_BYTES,
} from '@couchdb/model/constants';
import { DEMAND_FORM_MESSAGES } from '@couchdb/model/demand-facts';
import { demandFormSchema, demandSchema } from '@couchdb/model/demand';
import { favoriteId } from '@couchdb/model/favorite-facts';
import { favoriteSchema } from '@couchdb/model/favorite';
import {
  confirmedPromotion,
  isPromotionActive,
  promotionQuery,
} from '@couchdb/model/promotion-facts';
import { mediaTypeOf } from '@couchdb/model/media-facts';
import { checkMediaContent } from '@couchdb/model/media-checks';
import { newsSchema } from '@couchdb/model/news';
import { oplogSchema } from '@couchdb/model/oplog';
import {
  promotionFromParams,
  storedPromotionSchema,
  toStoredPromotion,
} from '@couchdb/model/promotion';
import { DEFAULT_LOAN_RATES, resolveSettings } from '@couchdb/model/setting-facts';
import { settingSchema, settingWriteSchema } from '@couchdb/model/setting';
import { buildDemand, buildNews, FIXED_ISO } from '@tests/fixtures/builders';

describe('constants (product §9)', () => {
  it('has the six townships and 20 preset tags of at most 4 chars', () => {
    expect(TOWNSHIPS).toHaveLength(6);
    expect(PRESET_FEATURE_TAGS).toHaveLength(20);
    expect(PRESET_FEATURE_TAGS.every((t) => [...t].length <= 4)).toBe(true);
  });

  it('keeps the video limit at the bucket limit and backs off 1 s × attempt', () => {
    expect(VIDEO_MAX_BYTES).toBe(52_428_800);
    expect([1, 2, 3].map(uploadBackoffMs)).toEqual([1000, 2000, 3000]);
  });

  it.each([
    [BUY_PRICE_BANDS, 999_999, '100万以下'],
    [BUY_PRICE_BANDS, 1_000_000, '100-200万'],
    [BUY_PRICE_BANDS, 12_000_000, '1000万以上'],
    [RENT_PRICE_BANDS, 3000, '3000-5000元'],
    [RENT_PRICE_BANDS, 20_000, '20000元以上'],
    [AREA_BANDS, 89, '80-120㎡'],
    [AREA_BANDS, 49.9, '50㎡以下'],
  ] as const)('value %#: %i lies in exactly the band %s', (bands, value, label) => {
    expect(bands.filter((b) => inBand(b, value)).map((b) => b.label)).toEqual([label]);
  });
});

describe('demand', () => {
  it('accepts a built demand, with its title kept', () => {
    expect(demandSchema.parse(buildDemand({ title: '求租' })).title).toBe('求租');
  });

  it.each([
    ['a township outside the county', { areas: ['昆明'] }],
    ['a negative price', { min_price: -1 }],
    ['an unknown status', { status: 'closed' }],
    ['rooms as text', { rooms: ['两室'] }],
  ])('refuses %s', (_case, override) => {
    expect(demandSchema.safeParse({ ...buildDemand(), ...override }).success).toBe(false);
  });

  it('treats empty optional numbers as not given and allows equal bounds', () => {
    const r = demandFormSchema.parse({
      title: '求购',
      type: 'rent',
      min_price: '',
      max_price: null,
      min_area: 80,
      max_area: '80',
      areas: ['阳宗镇'],
      requirements: '近湖',
      contact_phone: '13812345678',
    });
    expect(r).toMatchObject({
      min_price: undefined,
      max_price: undefined,
      min_area: 80,
      max_area: 80,
    });
  });

  const form = {
    title: '求购',
    type: 'buy',
    areas: ['阳宗镇'],
    requirements: '近湖',
    contact_phone: '13812345678',
  };
  const messages = (input: Record<string, unknown>) =>
    demandFormSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it.each([
    ['a negative amount', { min_price: '-1' }, 'min_price', DEMAND_FORM_MESSAGES.price],
    [
      'an amount that is not a number',
      { max_price: 'abc' },
      'max_price',
      DEMAND_FORM_MESSAGES.priceInvalid,
    ],
    [
      'a price above any listing',
      { max_price: '1e11' },
      'max_price',
      DEMAND_FORM_MESSAGES.priceInvalid,
    ],
    [
      'an area above any listing',
      { min_area: '1e9' },
      'min_area',
      DEMAND_FORM_MESSAGES.areaInvalid,
    ],
    ['a negative area', { max_area: '-5' }, 'max_area', DEMAND_FORM_MESSAGES.area],
  ])('says what is wrong with %s', (_case, override, field, message) => {
    expect(messages({ ...form, ...override })).toEqual([[field, message]]);
  });

  it('reports a reversed range while other fields are wrong too', () => {
    expect(
      messages({ ...form, title: '', contact_phone: '', min_area: '90', max_area: '50' }),
    ).toEqual([
      ['title', DEMAND_FORM_MESSAGES.title],
      ['contact_phone', DEMAND_FORM_MESSAGES.phoneRequired],
      ['min_area', DEMAND_FORM_MESSAGES.areaRange],
    ]);
    expect(messages({ ...form, contact_phone: '1381234' })).toEqual([
      ['contact_phone', DEMAND_FORM_MESSAGES.phone],
    ]);
  });
});

describe('news', () => {
  it.each([
    [{}, true],
    [{ category: 'sports' }, false],
    [{ status: 'hidden' }, false],
    [{ image_url: 'ftp://x/y.png' }, false],
    [{ image_url: '/media/news/cover.webp' }, true],
    [{ like_count: 1.5 }, false],
  ])('%j → %s', (override, ok) => {
    expect(newsSchema.safeParse({ ...buildNews(), ...override }).success).toBe(ok);
  });
});

describe('settings', () => {
  const at = FIXED_ISO;
  it.each([
    [{ id: 'audit_required', setting_value: false, updated_at: at }, true],
    [{ id: 'audit_required', setting_value: 'no', updated_at: at }, false],
    [{ id: 'max_images_per_property', setting_value: 50, updated_at: at }, true],
    [{ id: 'max_images_per_property', setting_value: 0, updated_at: at }, false],
    [{ id: 'default_contact', setting_value: { phone: '13812345678' }, updated_at: at }, true],
    [{ id: 'default_contact', setting_value: { phone: '110' }, updated_at: at }, false],
    [{ id: 'site_name', setting_value: 'x', updated_at: at }, false],
  ])('%j → %s', (doc, ok) => {
    expect(settingSchema.safeParse(doc).success).toBe(ok);
  });

  it('the write schema refuses unknown keys', () => {
    const doc = { id: 'audit_required', setting_value: true, updated_at: at, extra: 1 };
    expect(settingWriteSchema.safeParse(doc).success).toBe(false);
  });

  it('resolves defaults and overrides, ignoring invalid documents', () => {
    expect(resolveSettings([])).toEqual({
      defaultContact: { phone: '18887700000' },
      auditRequired: true,
      maxImagesPerProperty: 10,
      loanRates: DEFAULT_LOAN_RATES,
    });
    const r = resolveSettings([
      { id: 'audit_required', setting_value: false, updated_at: at },
      { id: 'max_images_per_property', setting_value: 99, updated_at: at },
    ]);
    expect(r).toMatchObject({ auditRequired: false, maxImagesPerProperty: 10 });
  });
});

describe('oplog and favourites', () => {
  it('accepts a gateway log entry and refuses an unknown operation', () => {
    const entry = {
      id: 'l1',
      property_id: 'p1',
      operation_type: 'approve',
      operator_id: 'u-admin',
      operator_role: 'admin',
      new_data: { audit_status: 'approved' },
      created_at: FIXED_ISO,
      updated_at: FIXED_ISO,
    };
    expect(oplogSchema.safeParse(entry).success).toBe(true);
    expect(oplogSchema.safeParse({ ...entry, operation_type: 'hack' }).success).toBe(false);
  });

  it('requires the favourite id to be user:property', () => {
    const fav = {
      id: favoriteId('u1', 'p1'),
      user_id: 'u1',
      property_id: 'p1',
      created_at: FIXED_ISO,
    };
    expect(fav.id).toBe('u1:p1');
    expect(favoriteSchema.safeParse(fav).success).toBe(true);
    expect(favoriteSchema.safeParse({ ...fav, id: 'u2:p1' }).success).toBe(false);
  });
});

describe('promotion', () => {
  const now = Date.parse(FIXED_ISO);
  it('round-trips an agent link', () => {
    const q = promotionQuery({ id: 'a1', name: '赵经纪', phone: '13612345678' }, now);
    expect(promotionFromParams(new URLSearchParams(q), now + 5)).toEqual({
      id: 'a1',
      name: '赵经纪',
      phone: '13612345678',
      source: 'qr',
      timestamp: now,
    });
  });

  it('defaults the source to direct and ignores links without an agent', () => {
    expect(promotionFromParams(new URLSearchParams('agent_id=a1&agent_name=x'), now)?.source).toBe(
      'direct',
    );
    expect(promotionFromParams(new URLSearchParams('agent_name=x'), now)).toBeNull();
  });

  it.each([
    [0, true],
    [24 * 3600_000 - 1, true],
    [24 * 3600_000, false],
    [-1, false],
  ])('stored %i ms ago is active: %s', (age, active) => {
    const stored = toStoredPromotion(
      { id: 'a1', name: 'x', source: 'qr', timestamp: 0 },
      now - age,
    );
    expect(isPromotionActive(stored, now)).toBe(active);
  });

  it('keeps a confirmed agent as their account says, valid from the given time', () => {
    const agent = { id: 'a1', name: '李建华', phone: '13800000002', company: '安居' };
    const kept = confirmedPromotion(agent, now);
    expect(storedPromotionSchema.parse(kept)).toEqual({
      agentId: 'a1',
      agentName: '李建华',
      agentPhone: '13800000002',
      agentCompany: '安居',
      timestamp: now,
      verified: true,
    });
    expect(isPromotionActive(kept, now)).toBe(true);
  });
});

describe('mediaTypeOf', () => {
  it.each([
    [{ name: 'a.jpg', type: 'image/jpeg' }, 'image'],
    [{ name: 'a', type: 'image/webp' }, 'image'],
    [{ name: 'clip.mov', type: 'video/quicktime' }, 'video'],
    [{ name: 'clip.webm', type: '' }, 'video'],
    [{ name: 'a.gif', type: 'image/gif' }, null],
    [{ name: 'a.exe', type: '' }, null],
  ])('%j → %s', (file, kind) => {
    expect(mediaTypeOf(file)).toBe(kind);
  });
});

describe('checkMediaContent', () => {
  it.each([
    [{ name: 'a.jpg', type: 'image/jpeg' }, 'image/png', null],
    [{ name: 'clip.mov', type: 'video/quicktime' }, 'video/mp4', null],
    [{ name: 'a.jpg', type: 'image/jpeg' }, undefined, '图片 a.jpg 已损坏或无法识别，请重新选择'],
    [{ name: 'a.png', type: 'image/png' }, 'video/mp4', '图片 a.png 已损坏或无法识别，请重新选择'],
    [{ name: 'a.png', type: 'image/png' }, 'image/gif', '图片 a.png 已损坏或无法识别，请重新选择'],
    [{ name: 'c.mp4', type: 'video/mp4' }, 'image/jpeg', '视频 c.mp4 已损坏或无法识别，请重新选择'],
  ])('%j with content %s → %s', (file, content, message) => {
    expect(checkMediaContent(file, content)).toBe(message);
  });
});
