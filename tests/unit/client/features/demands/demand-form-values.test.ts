/** The demand form's typed values, their check by the shared rules, and the document they make. */
import { describe, expect, it } from 'vitest';
import { DEMAND_FORM_MESSAGES } from '@couchdb/model/demand-facts';
import type { User } from '@couchdb/model/user';
import { demandContent, editedDemand } from '@client/data/writes/demand-mutations';
import type { DemandDoc } from '@client/data/schemas/demand.schema';
import {
  demandFormValues,
  demandFormValuesSchema,
  type DemandFormValues,
} from '@client/features/demands/demand-form-values';

const NOW = '2026-05-01T08:00:00.000Z';

function values(overrides: Partial<DemandFormValues> = {}): DemandFormValues {
  return {
    ...demandFormValues(null, null),
    title: '凤麓街道求购三居室',
    areas: '凤麓街道',
    rooms: '3',
    min_price: '80',
    max_price: '120',
    requirements: '南北通透',
    contact_name: '王先生',
    contact_phone: '13812345678',
    ...overrides,
  };
}

function buildDemand(overrides: Partial<DemandDoc> = {}): DemandDoc {
  return {
    id: 'd1',
    user_id: 'u1',
    title: '求租一居室',
    type: 'rent',
    status: 'active',
    areas: ['龙街街道'],
    rooms: [1],
    min_price: 1500,
    max_price: 2500,
    min_area: 40,
    requirements: '近地铁',
    contact: { name: '李女士', phone: '13912345678' },
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

describe('demand form values', () => {
  it('starts a new demand with the user as the contact', () => {
    const user = { name: '张三', phone: '13700000000' } as User;
    expect(demandFormValues(user, null)).toMatchObject({
      type: 'buy',
      areas: '',
      contact_name: '张三',
      contact_phone: '13700000000',
    });
  });

  it('reads a buying demand in 万 and a renting one in 元/月, lists as single choices', () => {
    const rent = demandFormValues(null, buildDemand());
    expect(rent).toMatchObject({
      areas: '龙街街道',
      rooms: '1',
      min_price: '1500',
      min_area: '40',
    });
    expect(rent.max_area).toBe('');
    const buy = demandFormValues(null, buildDemand({ type: 'buy', min_price: 800_000 }));
    expect(buy.min_price).toBe('80');
  });

  it('gives the shared schema prices in 元 and the chosen township and rooms as lists', () => {
    const parsed = demandFormValuesSchema.safeParse(values());
    expect(parsed.success && parsed.data).toMatchObject({
      areas: ['凤麓街道'],
      rooms: [3],
      min_price: 800_000,
      max_price: 1_200_000,
    });
  });

  it("reports the shared rules' messages under the form's fields", () => {
    const parsed = demandFormValuesSchema.safeParse(
      values({ areas: '', contact_phone: '', title: '' }),
    );
    const issues = parsed.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['title', DEMAND_FORM_MESSAGES.title],
        ['areas', DEMAND_FORM_MESSAGES.location],
        ['contact_phone', DEMAND_FORM_MESSAGES.phoneRequired],
      ]),
    );
    const range = demandFormValuesSchema.safeParse(values({ min_price: '130' }));
    expect(range.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['min_price', DEMAND_FORM_MESSAGES.priceRange],
    ]);
  });
});

describe('demand documents from the form', () => {
  it('keeps the contact as one object', () => {
    const form = demandFormValuesSchema.parse(values());
    expect(demandContent(form, NOW)).toMatchObject({
      contact: { name: '王先生', phone: '13812345678' },
      updated_at: NOW,
    });
  });

  it('removes the ranges an edit empties and keeps what the form does not edit', () => {
    const old = buildDemand();
    const form = demandFormValuesSchema.parse(
      values({ type: 'rent', min_price: '', max_price: '3000', min_area: '' }),
    );
    const edited = editedDemand(old, form, NOW);
    expect(edited).not.toHaveProperty('min_price');
    expect(edited).not.toHaveProperty('min_area');
    expect(edited).toMatchObject({ id: 'd1', user_id: 'u1', max_price: 3000, created_at: NOW });
  });
});
