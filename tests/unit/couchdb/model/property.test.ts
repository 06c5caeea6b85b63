import { describe, expect, it } from 'vitest';
import { addCustomTag, bedroomsFromRooms } from '@couchdb/model/property-facts';
import { PRESET_FEATURE_TAGS, TOWNSHIPS } from '@couchdb/model/constants';
import {
  propertyFormSchema,
  propertySchema,
  propertyWriteSchema,
  STEP_FIELDS,
  validatePropertyStep,
  verificationCodeSchema,
} from '@couchdb/model/property';
import { VERIFICATION_MESSAGES } from '@couchdb/model/verification-facts';
import { buildProperty } from '@tests/fixtures/builders';

describe('property document schema', () => {
  it('accepts a built listing and keeps its fields', () => {
    const p = buildProperty();
    expect(propertySchema.parse(p)).toEqual(p);
  });

  it('tolerates a visitor projection without phones', () => {
    const { contact_phone: _p, ...rest } = buildProperty({ contact: { name: '张' } });
    expect(propertySchema.safeParse(rest).success).toBe(true);
  });

  it.each([
    ['price as string', { price: '100' }],
    ['fractional price', { price: 10.5 }],
    ['unknown type', { type: 'lease' }],
    ['unknown status', { status: 'archived' }],
    ['title of 101 chars', { title: '房'.repeat(101) }],
    ['description of 1001 chars', { description: '描'.repeat(1001) }],
    [
      'district outside the county',
      { address: { ...buildProperty().address, district: '朝阳区' } },
    ],
    ['bad contact phone', { contact_phone: '12345' }],
    ['negative views', { view_count: -1 }],
    ['bad timestamp', { created_at: 'yesterday' }],
    ['tag of 5 chars', { features: ['五个字标签'] }],
  ])('refuses %s', (_case, override) => {
    expect(propertySchema.safeParse({ ...buildProperty(), ...override }).success).toBe(false);
  });

  it('the write schema refuses unknown keys, the read schema drops them', () => {
    const doc = { ...buildProperty(), hacked: true };
    expect(propertyWriteSchema.safeParse(doc).success).toBe(false);
    expect(propertySchema.parse(doc)).not.toHaveProperty('hacked');
  });
});

describe('bedroomsFromRooms', () => {
  it.each([
    ['3室2厅1卫', 3],
    ['1室0厅1卫', 1],
    ['12室4厅', 12],
    ['两室一厅', null],
    ['', null],
  ])('%j → %s', (rooms, expected) => {
    expect(bedroomsFromRooms(rooms)).toBe(expected);
  });
});

describe('publish form', () => {
  const valid = {
    title: '凤麓街道三室两厅',
    type: 'rent',
    rooms: '3室2厅1卫',
    area: '89.5',
    description: '南北通透采光好近湖边',
    price: '2500',
    address: { district: TOWNSHIPS[2], address: '东大街12号' },
    contact_phone: '13812345678',
    panorama_url: '',
  };

  it('coerces numeric inputs and fills province and city', () => {
    const r = propertyFormSchema.parse(valid);
    expect(r.price).toBe(2500);
    expect(r.area).toBe(89.5);
    expect(r.address).toMatchObject({ province: '云南省', city: '澄江市', district: '右所镇' });
  });

  it('accepts a valid panorama URL and refuses unknown fields', () => {
    expect(
      propertyFormSchema.safeParse({ ...valid, panorama_url: 'https://vr.example.com/x' }).success,
    ).toBe(true);
    expect(propertyFormSchema.safeParse({ ...valid, audit_status: 'approved' }).success).toBe(
      false,
    );
  });

  it('has the spec step field lists, with the optional fields each step shows', () => {
    expect(STEP_FIELDS).toEqual({
      1: ['title', 'type'],
      2: ['rooms', 'area', 'facts', 'description', 'features', 'verification_code'],
      3: ['price', 'address', 'location', 'contact_name', 'contact_phone', 'panorama_url'],
    });
  });

  it.each([
    [1, { title: '短' }, { title: '标题至少5个字符' }],
    [1, { type: undefined }, { type: '请选择房源类型' }],
    [2, { title: '短', rooms: '' }, { rooms: '请输入房间信息' }],
    [
      2,
      { area: 0, description: '短' },
      { area: '请输入正确的面积', description: '描述至少10个字符' },
    ],
    [3, { price: 0, rooms: '' }, { price: '请输入正确的价格' }],
    [
      3,
      { address: { district: '凤麓街道', address: 'ab' } },
      { 'address.address': '地址至少5个字符' },
    ],
    [
      3,
      { address: { district: '别处', address: '东大街12号' } },
      { 'address.district': '请选择所在区域' },
    ],
    [3, { contact_phone: '' }, { contact_phone: '请输入正确的手机号' }],
    [3, { panorama_url: 'not a url' }, { panorama_url: '请输入正确的链接格式' }],
    [2, { panorama_url: 'not a url' }, {}],
    [2, { facts: { floor: '12', total_floors: '6' } }, { 'facts.floor': '所在楼层不能高于总楼层' }],
    [2, { facts: { floor: '八' } }, { 'facts.floor': '楼层需在-5到200之间' }],
    [2, { facts: { year_built: '1800' } }, { 'facts.year_built': '建成年份需在1900到2100之间' }],
    [2, { facts: { decoration: '半装' } }, { 'facts.decoration': '请从选项中选择' }],
    [3, { facts: { floor: '12', total_floors: '6' } }, {}],
    [4, { title: '' }, {}],
  ] as const)('step %i with %j → %j', (step, override, expected) => {
    expect(validatePropertyStep(step, { ...valid, ...override })).toEqual(expected);
  });
});

describe('structured facts (issue 18)', () => {
  it('are optional: a listing without them stays valid', () => {
    const { facts: _f, ...old } = buildProperty();
    expect(propertyWriteSchema.safeParse(old).success).toBe(true);
  });

  it('accept the listed values and refuse others', () => {
    const facts = {
      floor: 8,
      total_floors: 18,
      orientation: '南北',
      decoration: '精装',
      year_built: 2015,
      lift: true,
      usage: '住宅',
      rental_mode: '整租',
      payment: '押一付三',
    };
    expect(propertyWriteSchema.parse(buildProperty({ facts } as never)).facts).toEqual(facts);
    for (const bad of [
      { orientation: '正南' },
      { usage: '农田' },
      { floor: 20, total_floors: 10 },
      { floor: 1.5 },
      { unknown: 1 },
    ]) {
      expect(propertyWriteSchema.safeParse(buildProperty({ facts: bad } as never)).success).toBe(
        false,
      );
    }
  });

  it('bound the price history', () => {
    const point = { price: 100, at: '2025-03-01T00:00:00.000Z' };
    const ok = buildProperty({ price_history: Array.from({ length: 20 }, () => point) });
    const long = buildProperty({ price_history: Array.from({ length: 21 }, () => point) });
    expect(propertyWriteSchema.safeParse(ok).success).toBe(true);
    expect(propertyWriteSchema.safeParse(long).success).toBe(false);
  });
});

describe('addCustomTag', () => {
  it.each([
    [[], '湖景', { ok: true, tags: ['湖景'] }],
    [['湖景'], ' 近学校 ', { ok: true, tags: ['湖景', '近学校'] }],
    [[], '四个字的', { ok: true, tags: ['四个字的'] }],
    [[], '五个字的啊', { ok: false, message: '标签最多4个字符' }],
    [[], '   ', { ok: false, message: '请输入标签内容' }],
    [[], PRESET_FEATURE_TAGS[0], { ok: false, message: '该标签已存在' }],
    [['湖景'], '湖景', { ok: false, message: '该标签已存在' }],
  ])('%j + %j → %j', (tags, tag, expected) => {
    expect(addCustomTag(tags, tag)).toEqual(expected);
  });

  it('does not mutate the given list', () => {
    const tags = ['湖景'];
    addCustomTag(tags, '山景');
    expect(tags).toEqual(['湖景']);
  });
});

describe('verification code (issue 19)', () => {
  it.each([
    ['110123456789', '110123456789'],
    ['ab 1234 5678', 'AB12345678'],
    ['', ''],
  ])('accepts %j as %j', (input, stored) => {
    expect(verificationCodeSchema.parse(input)).toBe(stored);
  });

  it.each(['12345', '1234-5678', 'x'.repeat(25), '房源123456'])('refuses %j', (input) => {
    const result = verificationCodeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(VERIFICATION_MESSAGES.codeFormat);
  });
});
